// The second llama-server: an embedding server started, watched and stopped by
// its own BackendManager (port, readiness, crash restart with backoff, the one
// process lifecycle), so none of that machinery is copied. Its state goes out as
// `knowledge:embedder`, never as the chat server's `backend:state`.
import type { BackendStatus, EventName, EventPayloads, GpuInfo, LoadSettings } from '@shared/contract';
import type { EmbedderSettings } from '@shared/knowledge/knowledge-settings';
import type { EmbedderStatus } from '@shared/knowledge/knowledge-types';
import { AppFailure } from '@shared/errors';
import { BackendManager } from '../backend/backend-manager';
import { readGgufHeader } from '../backend/gguf/gguf-reader';
import type { ProcessLifecycle } from '../process/process-lifecycle';
import { embeddingArgs, embeddingLoadSettings } from './embedding-args';

export interface EmbeddingServerDeps {
  binDirs: readonly string[];
  registry: ProcessLifecycle;
  probeGpus: (serverPath: string | undefined) => Promise<GpuInfo[]>;
  /** the chat server's load settings: backend choice and threads are shared */
  baseLoad: () => LoadSettings;
  onStatus: (status: EmbedderStatus) => void;
  onNotice?: (notice: EventPayloads['app:notice']) => void;
  readyTimeoutMs?: number;
  restartDelaysMs?: number[];
  stopGraceMs?: number;
}

/** Where to send /v1/embeddings and /tokenize. */
export interface EmbeddingEndpoint {
  baseUrl: string;
  apiKey: string;
  model: string;
}

export class EmbeddingServer {
  private manager: BackendManager | null = null;
  private argsKey = '';

  constructor(private readonly deps: EmbeddingServerDeps) {}

  /** Start (or keep) the server for these settings; resolves when it answers. */
  async start(settings: EmbedderSettings): Promise<EmbeddingEndpoint> {
    const load = embeddingLoadSettings(settings, this.deps.baseLoad());
    const extraArgs = embeddingArgs({
      pooling: settings.pooling,
      ggufPooling: await ggufPooling(settings.modelPath),
      batchSize: load.batchSize,
    });
    const key = JSON.stringify(extraArgs);
    // The extra flags are fixed per manager: another pooling needs another one.
    if (this.manager && key !== this.argsKey) await this.stop();
    this.argsKey = key;
    this.manager ??= this.newManager(extraArgs);
    await this.manager.load(load);
    const endpoint = this.manager.localEndpoint();
    // Stopped or restarted while this caller waited: the ingest waits and asks again.
    if (!endpoint) throw new AppFailure('backend_starting', 'the embedding server is not ready');
    return endpoint;
  }

  /** The endpoint once ready; waits through a crash restart up to `waitMs`. */
  async readyEndpoint(signal: AbortSignal, waitMs = 60_000): Promise<EmbeddingEndpoint> {
    if (!this.manager) throw new AppFailure('backend_starting', 'the embedding server is not started');
    return this.manager.readyEndpoint(signal, waitMs);
  }

  status(): EmbedderStatus {
    return toEmbedderStatus(this.manager?.getStatus() ?? null);
  }

  /** The running server's pid (tests kill it to check the restart). */
  pid(): number | null {
    return this.manager?.getStatus().pid ?? null;
  }

  logLines(): string[] {
    return (this.manager?.logLines() ?? []).map((line) => line.text);
  }

  async stop(): Promise<void> {
    const manager = this.manager;
    this.manager = null;
    if (manager) await manager.dispose();
    this.deps.onStatus(toEmbedderStatus(null));
  }

  private newManager(extraArgs: string[]): BackendManager {
    const emit = <E extends EventName>(event: E, payload: EventPayloads[E]): void => {
      if (event === 'backend:state' && this.manager === manager)
        this.deps.onStatus(toEmbedderStatus(payload as BackendStatus));
      if (event === 'app:notice') this.deps.onNotice?.(payload as EventPayloads['app:notice']);
    };
    const manager: BackendManager = new BackendManager({
      binDirs: this.deps.binDirs,
      registry: this.deps.registry,
      emit,
      probeGpus: this.deps.probeGpus,
      extraArgs,
      readyTimeoutMs: this.deps.readyTimeoutMs,
      restartDelaysMs: this.deps.restartDelaysMs,
      stopGraceMs: this.deps.stopGraceMs,
      logCapacity: 500,
    });
    return manager;
  }
}

function toEmbedderStatus(status: BackendStatus | null): EmbedderStatus {
  if (!status) return { kind: 'local', state: 'stopped', model: null, port: null, restarts: 0, error: null };
  const state =
    status.state === 'ready'
      ? 'ready'
      : status.state === 'starting'
        ? 'starting'
        : status.state === 'error'
          ? 'error'
          : 'stopped';
  return {
    kind: 'local',
    state,
    model: status.model?.name ?? null,
    port: status.port,
    restarts: status.restarts,
    error: status.error?.message ?? null,
  };
}

/**
 * `<arch>.pooling_type` from the GGUF header, or null where it names none (or cannot be read: the load will say why).
 */
async function ggufPooling(modelPath: string): Promise<number | null> {
  try {
    const header = await readGgufHeader(modelPath, {
      keys: (key) => key === 'general.architecture' || key.endsWith('.pooling_type'),
    });
    const arch = header.metadata.get('general.architecture');
    const value = typeof arch === 'string' ? header.metadata.get(`${arch}.pooling_type`) : undefined;
    return typeof value === 'number' ? value : null;
  } catch {
    return null;
  }
}

// A llama-server of its own for one column's model file, started under the
// process lifecycle with the single model's command line (the user's load
// settings: threads, batch, template, flash attention), on a free loopback port
// with a fresh key. Compared in the same conditions as a model loaded alone.
import type { BackendKind, LoadSettings } from '@shared/contract';
import { AppFailure } from '@shared/errors';
import { DEFAULT_SPECULATIVE_SETTINGS } from '@shared/speculative/speculative-settings';
import { DEFAULT_RPC_SETTINGS } from '@shared/rpc/rpc-settings';
import { buildServerArgs } from '../backend/launch/server-args';
import { findFreePort } from '../backend/launch/net-probe';
import { newLaunchKey, serverKeyEnv } from '../backend/launch/server-key';
import { probeHealth } from '../backend/run/health-probe';
import { startServerRun, type ServerRun } from '../backend/run/server-run';
import type { ProcessLifecycle } from '../process/process-lifecycle';

/** -ngl above any model's layer count: a GPU build puts the whole model on it, as the pool does. */
const ALL_LAYERS = 999;
const LOG_TAIL = 40;

export interface CompareServerSpec {
  serverPath: string;
  backend: BackendKind;
  load: LoadSettings;
  modelPath: string;
  contextSize: number;
  registry: ProcessLifecycle;
  /** a line of this server for the model log */
  log: (stream: 'stdout' | 'stderr', text: string) => void;
  readyTimeoutMs?: number;
  stopGraceMs?: number;
}

export interface CompareServer {
  baseUrl: string;
  apiKey: string;
  pid: number | null;
  /** how long it took to be ready */
  loadMs: number;
  run: ServerRun;
}

/** The command line: the user's load settings for this file, nothing exposed, no adapters, drafts or RPC workers. */
export function compareServerArgs(
  spec: Pick<CompareServerSpec, 'backend' | 'load' | 'modelPath' | 'contextSize'>,
  port: number,
): string[] {
  const settings: LoadSettings = {
    ...spec.load,
    modelPath: spec.modelPath,
    contextSize: spec.contextSize,
    port: null,
    exposeOnNetwork: false,
    loraPath: '',
    mmprojPath: '',
    rpc: { ...DEFAULT_RPC_SETTINGS },
    speculative: { ...DEFAULT_SPECULATIVE_SETTINGS },
  };
  return buildServerArgs({
    settings,
    backend: spec.backend,
    host: '127.0.0.1',
    port,
    gpuLayers: spec.backend === 'cpu' ? 0 : ALL_LAYERS,
  });
}

/**
 * Starts the server and waits until it is ready; `signal` stops a start under way. A start that fails stops what it
 * started and throws why, with the server's last lines in the details.
 */
export async function startCompareServer(spec: CompareServerSpec, signal: AbortSignal): Promise<CompareServer> {
  const port = await findFreePort();
  const apiKey = newLaunchKey();
  const tail: string[] = [];
  const started = performance.now();
  const run = startServerRun({
    serverPath: spec.serverPath,
    args: compareServerArgs(spec, port),
    env: serverKeyEnv(apiKey, ''),
    port,
    registry: spec.registry,
    onLine: (stream, text) => {
      tail.push(text);
      if (tail.length > LOG_TAIL) tail.shift();
      spec.log(stream, text);
    },
    logTail: () => [...tail],
    readyTimeoutMs: spec.readyTimeoutMs ?? 300_000,
    stopGraceMs: spec.stopGraceMs ?? 5000,
    probeHealth,
    clock: () => performance.now(),
  });
  const abort = () => void run.stop();
  signal.addEventListener('abort', abort, { once: true });
  try {
    const outcome = await run.ready;
    if (signal.aborted) throw new AppFailure('bad_request', 'the comparison was stopped while its model loaded');
    if (!outcome.ok) throw new AppFailure(outcome.error.code, outcome.error.message, outcome.error.details);
    return { baseUrl: `http://127.0.0.1:${port}`, apiKey, pid: run.pid, loadMs: outcome.readyAt - started, run };
  } catch (error) {
    await run.stop();
    throw error;
  } finally {
    signal.removeEventListener('abort', abort);
  }
}

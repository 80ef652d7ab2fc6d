// A real embedding llama-server (bin/cpu) on the tiny test model, supervised the
// way the app does it (EmbeddingServer → BackendManager → process lifecycle),
// with short restart delays for crash tests.
import { defaultSettings } from '@shared/default-settings';
import type { EmbedderSettings } from '@shared/knowledge/knowledge-settings';
import type { EmbedderStatus } from '@shared/knowledge/knowledge-types';
import { Embedder } from '@main/services/knowledge/embedder';
import { EmbeddingServer } from '@main/services/knowledge/embedding-server';
import { memoryLifecycle } from '@main/services/process/process-lifecycle';
import { testAssets } from '@test-support/test-assets';

/**
 * The tiny test model is a llama, a chat model by its header: these settings insist on it (as "Start anyway" does) for
 * whichever file they name, unless the patch says otherwise.
 */
export function tinyEmbedderSettings(patch: Partial<EmbedderSettings> = {}): EmbedderSettings {
  const modelPath = patch.modelPath ?? testAssets.tinyModel;
  const defaults = defaultSettings().knowledge.embedder;
  return { ...defaults, modelPath, contextSize: 512, acceptedChatModel: modelPath, ...patch };
}

export function makeEmbedderHarness(settings: () => EmbedderSettings = () => tinyEmbedderSettings()) {
  const registry = memoryLifecycle();
  const statuses: EmbedderStatus[] = [];
  const server = new EmbeddingServer({
    binDirs: [testAssets.binDir],
    registry,
    probeGpus: async () => [],
    // One thread: the test process and the server share two cores.
    baseLoad: () => ({ ...defaultSettings().load, threads: 1 }),
    onStatus: (status) => statuses.push(status),
    readyTimeoutMs: 30_000,
    restartDelaysMs: [200, 400, 800, 1600],
    stopGraceMs: 2000,
  });
  const embedder = new Embedder({
    settings,
    server,
    resolveLink: async () => Promise.reject(new Error('no links in this harness')),
  });
  return {
    registry,
    server,
    embedder,
    statuses,
    async dispose() {
      await embedder.stop();
      await registry.stopAll(500);
    },
  };
}

/**
 * An embedder that reaches a running embedding server as a link endpoint
 * (`/v1/embeddings` only, no tokenizer), so a child process can ingest without
 * owning a server that a SIGKILL would orphan.
 */
export function linkEmbedder({ baseUrl, apiKey }: { baseUrl: string; apiKey: string }): Embedder {
  const settings: EmbedderSettings = {
    ...defaultSettings().knowledge.embedder,
    kind: 'link',
    linkId: 'test-link',
    linkModel: 'tiny-embed',
  };
  const unused = new EmbeddingServer({
    binDirs: [],
    registry: memoryLifecycle(),
    probeGpus: async () => [],
    baseLoad: () => defaultSettings().load,
    onStatus: () => undefined,
  });
  return new Embedder({
    settings: () => settings,
    server: unused,
    resolveLink: async () => ({ profile: { baseUrl }, apiKey }),
  });
}

// The knowledge benchmarks' embedding server, started the way the app starts it:
// EmbeddingServer (its own BackendManager, the process lifecycle) on bin/cpu's
// llama-server with the chat server's default load settings (threads: auto),
// here on the tiny test model. `EVA_BENCH_EMBED_MODEL` names another GGUF;
// `EVA_BENCH_EMBED_THREADS` sets the server's threads (on a busy machine, 1 keeps
// ggml's spinning threads from being descheduled, which moves runs by 10×).
import { defaultSettings } from '@shared/default-settings';
import type { EmbedderSettings } from '@shared/knowledge/knowledge-settings';
import { Embedder } from '@main/services/knowledge/embedder';
import { EmbeddingServer } from '@main/services/knowledge/embedding-server';
import { memoryLifecycle } from '@main/services/process/process-lifecycle';
import { testAssets } from '@test-support/test-assets';

export async function startBenchEmbedder() {
  const registry = memoryLifecycle();
  const settings: EmbedderSettings = {
    ...defaultSettings().knowledge.embedder,
    modelPath: process.env.EVA_BENCH_EMBED_MODEL || testAssets.tinyModel,
  };
  // The bench measures whatever model it is given, the tiny chat model by default: it insists, as "Start anyway" does.
  settings.acceptedChatModel = settings.modelPath;
  const server = new EmbeddingServer({
    binDirs: [testAssets.binDir],
    registry,
    probeGpus: async () => [],
    baseLoad: () => ({
      ...defaultSettings().load,
      threads: Number(process.env.EVA_BENCH_EMBED_THREADS) || defaultSettings().load.threads,
    }),
    onStatus: () => undefined,
    readyTimeoutMs: 120_000,
  });
  const embedder = new Embedder({
    settings: () => settings,
    server,
    resolveLink: async () => Promise.reject(new Error('no links in the bench')),
  });
  const ready = await embedder.ready(AbortSignal.timeout(120_000));
  return {
    embedder,
    endpoint: ready.endpoint,
    model: ready.model,
    async stop(): Promise<void> {
      await embedder.stop();
      await registry.stopAll(2000);
    },
  };
}

// The knowledge base wired for the core: the embedding server, the embedder,
// the document reader's worker process, the service, the contract's knowledge:* handlers, the `knowledge` tool for the
// agent loop, and the composer toggle's prompt augmentation for a plain chat.
// The core creates it with one call and spreads its handlers.
import type { AppSettings, EventName, EventPayloads, GpuInfo, InvokeHandlers } from '@shared/contract';
import type { ChatSendInput } from '@shared/chat/schemas';
import { knowledgeChannels } from '@shared/knowledge/knowledge-contract';
import { knowledgeQuestion } from '@shared/knowledge/knowledge-question';
import type { KnowledgeHit } from '@shared/knowledge/knowledge-types';
import { formatPassages, knowledgeToolDescriptor, withPassages } from '@shared/knowledge/knowledge-tool';
import { toolError } from '@shared/tools/tool-types';
import { join } from 'node:path';
import type { ProcessLifecycle } from '../process/process-lifecycle';
import type { ToolProvider } from '../tools/tool-registry';
import { Embedder } from './embedder';
import { checkEmbeddingModel } from './embedding-model-check';
import { EmbeddingServer } from './embedding-server';
import { workerExtractor, type ExtractWorkerEntry } from './extract/extract-worker-client';
import { openKnowledgeService } from './knowledge-service';
import { unavailableKnowledge, type KnowledgeModule } from './knowledge-unavailable';

type KnowledgeChannel = keyof typeof knowledgeChannels;

export interface KnowledgeModuleDeps {
  dataDir: string;
  binDirs: readonly string[];
  processes: ProcessLifecycle;
  probeGpus: (serverPath: string | undefined) => Promise<GpuInfo[]>;
  settings: () => AppSettings;
  resolveLink: (id: string) => Promise<{ profile: { baseUrl: string }; apiKey: string | null }>;
  emit: <E extends EventName>(event: E, payload: EventPayloads[E]) => void;
  /** the document reader's worker entry; it is started through `processes` */
  extractWorker: ExtractWorkerEntry;
  timeouts?: { readyTimeoutMs?: number; restartDelaysMs?: number[]; stopGraceMs?: number };
}

export async function openKnowledge(deps: KnowledgeModuleDeps): Promise<KnowledgeModule> {
  const server = new EmbeddingServer({
    binDirs: deps.binDirs,
    registry: deps.processes,
    probeGpus: deps.probeGpus,
    baseLoad: () => deps.settings().load,
    onStatus: (status) => deps.emit('knowledge:embedder', status),
    onNotice: (notice) => deps.emit('app:notice', notice),
    ...deps.timeouts,
  });
  const embedder = new Embedder({
    settings: () => deps.settings().knowledge.embedder,
    server,
    resolveLink: deps.resolveLink,
  });
  const extractor = workerExtractor({ ...deps.extractWorker, launch: deps.processes.launch });
  const opened = await openKnowledgeService({
    dir: join(deps.dataDir, 'knowledge'),
    embedder,
    extractor,
    settings: () => deps.settings().knowledge,
    onProgress: (progress) => deps.emit('knowledge:progress', progress),
    onChanged: () => deps.emit('knowledge:changed', { at: Date.now() }),
    onNotice: (notice) => deps.emit('app:notice', notice),
  }).catch((error: unknown) => error as Error);
  // The knowledge base never keeps the app from starting: where it cannot open (its
  // database, its folder), EVA starts without it and every knowledge call says why.
  if (opened instanceof Error) {
    await extractor.dispose();
    return unavailableKnowledge(opened, embedder, deps.emit);
  }
  const service = opened;

  const handlers: Pick<InvokeHandlers, KnowledgeChannel> = {
    'knowledge:list': async () => service.list(),
    'knowledge:create': async ({ name }) => service.create(name),
    'knowledge:rename': async ({ id, name }) => service.rename(id, name),
    'knowledge:delete': async ({ id }) => service.remove(id),
    'knowledge:add': async ({ id, paths }) => service.addPaths(id, paths),
    'knowledge:remove-file': async ({ id, fileId }) => service.removeFile(id, fileId),
    'knowledge:cancel': async ({ id }) => service.cancel(id),
    'knowledge:reembed': async ({ id }) => service.reembed(id),
    'knowledge:query': async ({ query, baseIds, topN }) => service.query(query, { baseIds, topN }),
    'knowledge:open-passage': async ({ baseId, passageId }) => service.openPassage(baseId, passageId),
    'knowledge:embedder-status': async () => embedder.status(),
    'knowledge:embedder-start': async () => {
      await embedder.ready(AbortSignal.timeout(300_000));
      service.resume();
      return embedder.status();
    },
    'knowledge:embedder-stop': async () => {
      await embedder.stop();
      return embedder.status();
    },
    'knowledge:embedder-test': async () => {
      const result = await embedder.test(AbortSignal.timeout(300_000));
      service.resume();
      return result;
    },
    'knowledge:embedder-check': async (input) =>
      checkEmbeddingModel(input?.path ?? deps.settings().knowledge.embedder.modelPath),
  };

  /** The `knowledge` tool, offered once some base holds passages. */
  const toolProvider: ToolProvider = {
    descriptors: () =>
      service.list().bases.some((b) => b.files.some((f) => f.passages > 0))
        ? [knowledgeToolDescriptor(deps.settings().knowledge.topN)]
        : [],
    run: async (call) => {
      const started = performance.now();
      const content = typeof call.args.content === 'string' ? call.args.content : '';
      const topN =
        typeof call.args.top_n === 'number' ? Math.min(20, Math.max(1, Math.trunc(call.args.top_n))) : undefined;
      try {
        const result = await service.query(content, { topN, signal: call.signal });
        const reembed =
          result.needsReembed.length > 0
            ? `\n\n(${result.needsReembed.length} knowledge base(s) were not searched: they must be re-embedded with the current embedding model.)`
            : '';
        return {
          status: 'ok',
          output: formatPassages(result.hits) + reembed,
          details: { hits: result.hits, ms: result.ms },
          durationMs: performance.now() - started,
        };
      } catch (error) {
        return {
          status: 'error',
          output: '',
          error: toolError('tool_failed', `the knowledge base could not be searched: ${(error as Error).message}`),
          durationMs: performance.now() - started,
        };
      }
    },
  };

  /**
   * The composer toggle: a plain chat's last question gets the passages found for
   * it (withPassages: with the question, so the conversation before it stays in the
   * server's cache), and the page gets them as `knowledge:citations`; they are
   * returned too, so the core saves them with the answer.
   */
  async function withKnowledge(input: ChatSendInput): Promise<{ input: ChatSendInput; citations: KnowledgeHit[] }> {
    const question = knowledgeQuestion(input, deps.settings());
    if (input.mode !== 'chat' || question === null) return { input, citations: [] };
    // A failed query is not "no passages": it reaches the caller, which tells the user under the answer.
    const { hits } = await service.query(question);
    deps.emit('knowledge:citations', { requestId: input.requestId, hits });
    if (hits.length === 0) return { input, citations: [] };
    const last = input.messages.findLastIndex((message) => message.role === 'user');
    const messages = input.messages.map((message, index) => (index === last ? withPassages(message, hits) : message));
    return { input: { ...input, messages }, citations: hits };
  }

  async function augmentChat(input: ChatSendInput): Promise<ChatSendInput> {
    return (await withKnowledge(input)).input;
  }

  return {
    handlers,
    toolProvider,
    augmentChat,
    withKnowledge,
    /** settings.knowledge changed: a queue waiting for an embedder goes on with the new one */
    settingsChanged: () => service.resume(),
    service,
    embedder,
    async dispose() {
      await service.dispose();
      await extractor.dispose();
      await embedder.stop();
    },
  };
}

export type { KnowledgeModule };

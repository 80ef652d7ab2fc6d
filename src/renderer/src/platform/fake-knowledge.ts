// The knowledge channels of the in-memory platform: bases and files held in
// memory, every added path "indexed" at once into one passage, and a query that
// returns passages whose text shares a word with it. Nothing is embedded. With
// the composer's toggle on, the sends the core would look up (knowledgeQuestion
// decides, for both) are looked up the same way and announced as `knowledge:citations`.
// A chat model chosen as the embedder (by name, as the check here judges) is refused as the
// core refuses it until settings.knowledge.embedder.acceptedChatModel names it: added files wait, queued.
import type { AppSettings, EventName, EventPayloads, InvokeInput } from '@shared/contract';
import type { knowledgeChannels } from '@shared/knowledge/knowledge-contract';
import { knowledgeQuestion } from '@shared/knowledge/knowledge-question';
import type { AppError } from '@shared/errors';
import type { EmbedderStatus, IngestProgress, KnowledgeBase, KnowledgeHit } from '@shared/knowledge/knowledge-types';
import { type FakeHandler, ok } from './fake-handler';

type KnowledgeChannel = keyof typeof knowledgeChannels;

const missing = {
  ok: false as const,
  error: { code: 'not_found' as const, message: 'no such knowledge base', details: { reason: 'no_base' } },
};

export interface FakeKnowledge {
  handlers: { [C in KnowledgeChannel]: FakeHandler<C> };
  /**
   * the passages a `chat:send` gets when settings.knowledge.useInChat is on (announced as `knowledge:citations`); []
   * otherwise
   */
  cite(input: InvokeInput<'chat:send'>): KnowledgeHit[];
}

export function createFakeKnowledge(deps: {
  emit: <E extends EventName>(event: E, payload: EventPayloads[E]) => void;
  now: () => number;
  settings: () => AppSettings;
}): FakeKnowledge {
  const bases: KnowledgeBase[] = [];
  let embedder: EmbedderStatus = { kind: 'local', state: 'stopped', model: null, port: null, restarts: 0, error: null };
  let seq = 0;
  const progress = new Map<string, IngestProgress>();
  const changed = () => deps.emit('knowledge:changed', { at: deps.now() });
  const looksEmbedding = (path: string): boolean => /embed|bge|e5/i.test(path);
  /** The core's refusal of a chat model the user has not insisted on (Embedder.ready); null where it would start. */
  const refusal = (): AppError | null => {
    const chosen = deps.settings().knowledge.embedder;
    if (chosen.kind !== 'local' || !chosen.modelPath || looksEmbedding(chosen.modelPath)) return null;
    if (chosen.acceptedChatModel === chosen.modelPath) return null;
    return {
      code: 'bad_request',
      message: `${chosen.modelPath}: this looks like a chat model`,
      details: { reason: 'embedder_is_chat_model', path: chosen.modelPath, architecture: 'llama', chatTemplate: true },
    };
  };
  /** Every queued file "indexed" at once, or the base's ingest stopped with the refusal. */
  const ingest = (base: KnowledgeBase): void => {
    const queued = base.files.filter((f) => f.state === 'queued');
    if (queued.length === 0) return;
    const refused = refusal();
    if (!refused) {
      for (const file of queued) Object.assign(file, { state: 'indexed', passages: 1, indexedAt: deps.now() });
      base.embedder ??= { model: 'fake-embedder.gguf', dimension: 64 };
    }
    const run: IngestProgress = {
      jobId: `job${++seq}`,
      baseId: base.id,
      state: refused ? 'failed' : 'done',
      filesDone: refused ? base.files.length - queued.length : base.files.length,
      filesTotal: base.files.length,
      filesFailed: 0,
      passagesDone: refused ? 0 : queued.length,
      currentFile: null,
      etaSeconds: null,
      pausedReason: refused ? 'embedder_is_chat_model' : null,
      detail: refused?.message ?? null,
    };
    progress.set(base.id, run);
    deps.emit('knowledge:progress', run);
  };
  const find = (id: string) => bases.find((b) => b.id === id);
  const hits = (query: string): KnowledgeHit[] => {
    const words = query.toLowerCase().split(/\W+/).filter(Boolean);
    return bases.flatMap((base) =>
      base.files
        .filter((f) => words.some((w) => f.path.toLowerCase().includes(w)))
        .map((f, i) => ({
          id: `${f.id}-p`,
          baseId: base.id,
          text: `A passage of ${f.path}.`,
          source: { fileId: f.id, path: f.path, page: null, lineStart: 1, lineEnd: 3 },
          score: 1 / (61 + i),
          similarity: 0.8,
          bm25: 1,
        })),
    );
  };
  const cite = (input: InvokeInput<'chat:send'>): KnowledgeHit[] => {
    const question = knowledgeQuestion(input, deps.settings());
    if (question === null) return [];
    const found = hits(question).slice(0, deps.settings().knowledge.topN);
    deps.emit('knowledge:citations', { requestId: input.requestId, hits: found });
    return found;
  };
  const handlers: FakeKnowledge['handlers'] = {
    // A copy, as a real host's answer is: the page must see a change as a new value.
    'knowledge:list': () => ok(structuredClone({ bases, progress: [...progress.values()] })),
    'knowledge:create': (input) => {
      const base: KnowledgeBase = {
        id: `kb${++seq}`,
        name: input.name || 'Knowledge',
        createdAt: deps.now(),
        files: [],
        embedder: null,
        needsReembed: false,
      };
      bases.push(base);
      changed();
      return ok(base);
    },
    'knowledge:rename': (input) => {
      const base = find(input.id);
      if (!base) return missing;
      base.name = input.name;
      changed();
      return ok(base);
    },
    'knowledge:delete': (input) => {
      const base = find(input.id);
      if (!base) return missing;
      bases.splice(bases.indexOf(base), 1);
      changed();
      return ok({ removed: true });
    },
    'knowledge:add': (input) => {
      const base = find(input.id);
      if (!base) return missing;
      for (const path of input.paths)
        base.files.push({
          id: `f${++seq}`,
          path,
          state: 'queued',
          hash: 'fake',
          passages: 0,
          bytes: 100,
          indexedAt: null,
          error: null,
        });
      ingest(base);
      changed();
      return ok({ queued: input.paths.length });
    },
    'knowledge:remove-file': (input) => {
      const base = find(input.id);
      const file = base?.files.find((f) => f.id === input.fileId);
      if (!base || !file) return ok({ removed: false });
      base.files.splice(base.files.indexOf(file), 1);
      changed();
      return ok({ removed: true });
    },
    'knowledge:cancel': () => ok({ cancelled: false }),
    'knowledge:reembed': (input) => ok({ queued: find(input.id)?.files.length ?? 0 }),
    'knowledge:query': (input) => ok({ hits: hits(input.query).slice(0, input.topN ?? 5), needsReembed: [], ms: 1 }),
    'knowledge:open-passage': (input) => {
      const hit = bases.flatMap((b) => b.files.map((f) => ({ b, f }))).find(({ f }) => `${f.id}-p` === input.passageId);
      if (!hit) return missing;
      const text = `Before.\nA passage of ${hit.f.path}.\nAfter.`;
      return ok({
        source: { fileId: hit.f.id, path: hit.f.path, page: null, lineStart: 2, lineEnd: 2 },
        text,
        start: 8,
        end: 8 + `A passage of ${hit.f.path}.`.length,
      });
    },
    'knowledge:embedder-status': () => ok(embedder),
    'knowledge:embedder-start': () => {
      const refused = refusal();
      if (refused) return { ok: false, error: refused };
      // As the core's start does: an ingest that stopped for want of an embedder goes on.
      bases.forEach(ingest);
      changed();
      embedder = { ...embedder, state: 'ready', model: 'fake-embedder', port: 40001 };
      deps.emit('knowledge:embedder', embedder);
      return ok(embedder);
    },
    'knowledge:embedder-stop': () => {
      embedder = { ...embedder, state: 'stopped', port: null };
      deps.emit('knowledge:embedder', embedder);
      return ok(embedder);
    },
    'knowledge:embedder-test': () => {
      const refused = refusal();
      if (refused) return { ok: false, error: refused };
      return ok({
        model: 'fake-embedder',
        dimension: 64,
        texts: ['The cat sat on the mat.', 'A kitten is resting on the rug.'],
        similarity: 0.42,
        unrelatedText: 'Quarterly tax returns are due at the end of April.',
        unrelatedSimilarity: 0.12,
        separates: true,
        ms: 3,
      });
    },
    // Nothing is read: a file whose name says "embed" (bge-…-embed, nomic-embed) passes, any other is a chat model.
    'knowledge:embedder-check': (input) => {
      const path = input?.path ?? deps.settings().knowledge.embedder.modelPath;
      const embedding = /embed|bge|e5/i.test(path);
      return ok({
        path,
        verdict: embedding ? 'embedding' : 'chat',
        architecture: embedding ? 'bert' : 'llama',
        pooling: embedding ? 2 : null,
        chatTemplate: !embedding,
        reason: embedding ? 'bert is an embedding architecture' : 'this looks like a chat model',
      });
    },
  };
  return { handlers, cite };
}

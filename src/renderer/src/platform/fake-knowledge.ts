// The knowledge channels of the in-memory platform: bases and files held in
// memory, every added path "indexed" at once into one passage, and a query that
// returns passages whose text shares a word with it. Nothing is embedded. With
// the composer's toggle on, the sends the core would look up (knowledgeQuestion
// decides, for both) are looked up the same way and announced as `knowledge:citations`.
import type { AppSettings, EventName, EventPayloads, InvokeInput } from '@shared/contract';
import type { knowledgeChannels } from '@shared/knowledge/knowledge-contract';
import { knowledgeQuestion } from '@shared/knowledge/knowledge-question';
import type { EmbedderStatus, KnowledgeBase, KnowledgeHit } from '@shared/knowledge/knowledge-types';
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
  const changed = () => deps.emit('knowledge:changed', { at: deps.now() });
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
    'knowledge:list': () => ok(structuredClone({ bases, progress: [] })),
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
          state: 'indexed',
          hash: 'fake',
          passages: 1,
          bytes: 100,
          indexedAt: deps.now(),
          error: null,
        });
      base.embedder ??= { model: 'fake-embedder.gguf', dimension: 64 };
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
      embedder = { ...embedder, state: 'ready', model: 'fake-embedder', port: 40001 };
      deps.emit('knowledge:embedder', embedder);
      return ok(embedder);
    },
    'knowledge:embedder-stop': () => {
      embedder = { ...embedder, state: 'stopped', port: null };
      deps.emit('knowledge:embedder', embedder);
      return ok(embedder);
    },
    'knowledge:embedder-test': () =>
      ok({
        model: 'fake-embedder',
        dimension: 64,
        texts: ['The cat sat on the mat.', 'A kitten is resting on the rug.'],
        similarity: 0.42,
        unrelatedText: 'Quarterly tax returns are due at the end of April.',
        unrelatedSimilarity: 0.12,
        separates: true,
        ms: 3,
      }),
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

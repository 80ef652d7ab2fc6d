// The knowledge base's part of the contract: its channels with their input
// schemas, and its events. contract.ts spreads these into the one contract.
import { z } from 'zod';
import type {
  EmbedderStatus,
  EmbedderTestResult,
  EmbeddingModelCheck,
  IngestProgress,
  KnowledgeBase,
  KnowledgeHit,
  PassageView,
} from './knowledge-types';

const channel = <I extends z.ZodType, O>(input: I) => ({ input, output: undefined as unknown as O });
const empty = z.object({}).strict().optional();
const id = z.string().min(1).max(100);
const baseRef = z.object({ id }).strict();
const create = z.object({ name: z.string().max(200) }).strict();
const rename = z.object({ id, name: z.string().min(1).max(200) }).strict();
const add = z.object({ id, paths: z.array(z.string().min(1).max(4096)).min(1).max(10_000) }).strict();
const fileRef = z.object({ id, fileId: id }).strict();
const query = z
  .object({
    query: z.string().min(1).max(10_000),
    baseIds: z.array(id).max(100).optional(),
    topN: z.number().int().min(1).max(50).optional(),
  })
  .strict();
const passageRef = z.object({ baseId: id, passageId: id }).strict();
const modelRef = z
  .object({ path: z.string().min(1).max(4096).optional() })
  .strict()
  .optional();

/** What a query found, and the bases it could not search until they are re-embedded. */
export interface KnowledgeQueryResult {
  hits: KnowledgeHit[];
  needsReembed: string[];
  ms: number;
}

/** The knowledge base's channels (spread into contract.ts's invokeChannels). */
export const knowledgeChannels = {
  /** Every base with its files, and the ingest progress of each. */
  'knowledge:list': channel<typeof empty, { bases: KnowledgeBase[]; progress: IngestProgress[] }>(empty),
  'knowledge:create': channel<typeof create, KnowledgeBase>(create),
  'knowledge:rename': channel<typeof rename, KnowledgeBase>(rename),
  'knowledge:delete': channel<typeof baseRef, { removed: boolean }>(baseRef),
  /** Queue files and folders (absolute paths on the core's machine); progress arrives as `knowledge:progress`. */
  'knowledge:add': channel<typeof add, { queued: number }>(add),
  'knowledge:remove-file': channel<typeof fileRef, { removed: boolean }>(fileRef),
  /** Stop a base's ingest: finished files stay, the rest leave the queue. */
  'knowledge:cancel': channel<typeof baseRef, { cancelled: boolean }>(baseRef),
  /** Drop a base's vectors and embed every file again with the embedder in use now. */
  'knowledge:reembed': channel<typeof baseRef, { queued: number }>(baseRef),
  /** Hybrid retrieval (BM25 + cosine, reciprocal rank fusion): top-N passages with scores and sources. */
  'knowledge:query': channel<typeof query, KnowledgeQueryResult>(query),
  /** A cited passage in its source file's text. */
  'knowledge:open-passage': channel<typeof passageRef, PassageView>(passageRef),
  'knowledge:embedder-status': channel<typeof empty, EmbedderStatus>(empty),
  /** Start (or keep) the embedding server for settings.knowledge.embedder. */
  'knowledge:embedder-start': channel<typeof empty, EmbedderStatus>(empty),
  'knowledge:embedder-stop': channel<typeof empty, EmbedderStatus>(empty),
  /** The Test button: vector dimension, and the similarity of two related sample texts against two unrelated ones. */
  'knowledge:embedder-test': channel<typeof empty, EmbedderTestResult>(empty),
  /** Whether a GGUF (default: settings.knowledge.embedder.modelPath) is an embedding model, from its header. */
  'knowledge:embedder-check': channel<typeof modelRef, EmbeddingModelCheck>(modelRef),
} as const;

/** The knowledge base's events (merged into contract.ts's EventPayloads). */
export interface KnowledgeEventPayloads {
  /** an ingest's progress, a few times a second at most */
  'knowledge:progress': IngestProgress;
  /** the embedding server's state changed */
  'knowledge:embedder': EmbedderStatus;
  /** bases or files changed; refetch with `knowledge:list` */
  'knowledge:changed': { at: number };
  /** the passages put into a plain chat's prompt (the composer's knowledge toggle), shown with the answer */
  'knowledge:citations': { requestId: string; hits: KnowledgeHit[] };
}

export const KNOWLEDGE_EVENT_NAMES: Record<keyof KnowledgeEventPayloads, true> = {
  'knowledge:progress': true,
  'knowledge:embedder': true,
  'knowledge:changed': true,
  'knowledge:citations': true,
};

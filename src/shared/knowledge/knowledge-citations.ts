// Citations: the knowledge-base passages an answer or a `knowledge` tool step
// was given, kept with it in the history. They come back from files (a saved
// conversation, an imported one), so each is checked on the way in; one that
// does not read as a passage is left out rather than costing the whole answer.
import { z } from 'zod';
import type { KnowledgeHit } from './knowledge-types';

/** The most citations kept with one answer or step (the tool's top_n is at most 20, settings' topN 50). */
export const MAX_CITATIONS = 50;

const score = z.number().finite();

const KnowledgeHitSchema = z.object({
  id: z.string().min(1).max(200),
  baseId: z.string().min(1).max(200),
  text: z.string().max(200_000),
  source: z.object({
    fileId: z.string().max(200),
    path: z.string().max(4096),
    page: z.number().int().min(1).nullable(),
    lineStart: z.number().int().min(0),
    lineEnd: z.number().int().min(0),
  }),
  score,
  similarity: score.nullable(),
  bm25: score.nullable(),
}) satisfies z.ZodType<KnowledgeHit>;

/** The entries of `value` that are citations, in order, at most MAX_CITATIONS; [] for anything that is not a list. */
export function keptCitations(value: unknown): KnowledgeHit[] {
  if (!Array.isArray(value)) return [];
  const kept: KnowledgeHit[] = [];
  for (const entry of value) {
    const parsed = KnowledgeHitSchema.safeParse(entry);
    if (parsed.success) kept.push(parsed.data);
    if (kept.length === MAX_CITATIONS) break;
  }
  return kept;
}

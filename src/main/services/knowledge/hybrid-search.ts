// Hybrid retrieval: the query's vector against the passages' vectors (cosine)
// and its words against the full-text index (BM25), each side's ranks merged by
// reciprocal rank fusion, across the chosen bases. A base whose vectors came from
// another embedder is skipped and named, never searched with mixed vectors.
import type { KnowledgeBase, KnowledgeHit } from '@shared/knowledge/knowledge-types';
import { fuseRanks } from '@shared/knowledge/rank-fusion';
import { embedTexts } from './embedding-client';
import type { Embedder } from './embedder';
import type { FoundRow, PassageStore } from './passage-table';

export interface SearchOutcome {
  hits: KnowledgeHit[];
  /** bases left out because they must be re-embedded first */
  needsReembed: string[];
  ms: number;
}

interface Candidate {
  baseId: string;
  row: FoundRow;
}

/** How deep each side looks before fusing: deeper than N, so a passage second on both sides can win. */
const DEPTH_FACTOR = 4;
const MIN_DEPTH = 20;

export async function searchBases(input: {
  store: PassageStore;
  embedder: Embedder;
  bases: readonly KnowledgeBase[];
  query: string;
  topN: number;
  signal: AbortSignal;
}): Promise<SearchOutcome> {
  const started = performance.now();
  const needsReembed = input.bases.filter((b) => b.needsReembed).map((b) => b.id);
  const usable = input.bases.filter((b) => !b.needsReembed && b.embedder);
  if (usable.length === 0 || input.query.trim() === '') return { hits: [], needsReembed, ms: 0 };
  const depth = Math.max(MIN_DEPTH, input.topN * DEPTH_FACTOR);
  // The BM25 side needs no vector: it runs while the query is being embedded.
  const [[vector], keywordLists] = await Promise.all([
    input.embedder.ready(input.signal).then((ready) => embedTexts(ready.endpoint, [input.query], input.signal)),
    Promise.all(usable.map((base) => input.store.keywords(base.id, input.query, depth))),
  ]);
  const matches = usable.map((base) => base.embedder!.dimension === vector!.length);
  needsReembed.push(...usable.filter((_, b) => !matches[b]).map((base) => base.id));
  const nearLists = await Promise.all(
    usable.map((base, b) => (matches[b] ? input.store.nearest(base.id, vector!, depth) : [])),
  );
  const lists: Candidate[][] = [];
  const similarity = new Map<string, number>();
  const bm25 = new Map<string, number>();
  for (const [b, base] of usable.entries()) {
    if (!matches[b]) continue;
    const near = nearLists[b]!;
    const words = keywordLists[b]!;
    for (const row of near) similarity.set(row.id, 1 - (row._distance ?? 1));
    for (const row of words) bm25.set(row.id, row._score ?? 0);
    lists.push(
      near.map((row) => ({ baseId: base.id, row })),
      words.map((row) => ({ baseId: base.id, row })),
    );
  }
  const hits = fuseRanks(lists, (c) => c.row.id)
    .slice(0, input.topN)
    .map(({ item, score }): KnowledgeHit => ({
      id: item.row.id,
      baseId: item.baseId,
      text: item.row.text,
      source: {
        fileId: item.row.file_id,
        path: item.row.path,
        page: item.row.page > 0 ? item.row.page : null,
        lineStart: item.row.line_start,
        lineEnd: item.row.line_end,
      },
      score,
      similarity: similarity.get(item.row.id) ?? null,
      bm25: bm25.get(item.row.id) ?? null,
    }));
  return { hits, needsReembed, ms: Math.round((performance.now() - started) * 10) / 10 };
}

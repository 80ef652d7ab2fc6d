import { describe, expect, it } from 'vitest';
import { keptCitations, MAX_CITATIONS } from './knowledge-citations';
import type { KnowledgeHit } from './knowledge-types';

const hit = (n: number): KnowledgeHit => ({
  id: `p${n}`,
  baseId: 'kb1',
  text: `passage ${n}`,
  source: { fileId: 'f1', path: '/docs/report.pdf', page: 2, lineStart: 1, lineEnd: 4 },
  score: 1 / (60 + n),
  similarity: null,
  bm25: 2.5,
});

describe('keptCitations', () => {
  it('keeps the citations of a list in order, and nothing of what is not one', () => {
    expect(keptCitations([hit(1), hit(2)])).toEqual([hit(1), hit(2)]);
    expect(keptCitations(undefined)).toEqual([]);
    expect(keptCitations('[1] report.pdf')).toEqual([]);
    expect(keptCitations({ 0: hit(1) })).toEqual([]);
  });

  it('drops entries a crafted or damaged file could hold, one by one', () => {
    const { source: _source, ...sourceless } = hit(3);
    expect(
      keptCitations([
        null,
        sourceless,
        { ...hit(4), score: Number.NaN },
        { ...hit(5), source: { ...hit(5).source, page: 0 } },
        hit(6),
      ]),
    ).toEqual([hit(6)]);
  });

  it('keeps at most MAX_CITATIONS, and no field it does not know', () => {
    expect(keptCitations(Array.from({ length: MAX_CITATIONS + 5 }, (_, i) => hit(i)))).toHaveLength(MAX_CITATIONS);
    expect(keptCitations([{ ...hit(1), onclick: 'alert(1)' }])).toEqual([hit(1)]);
  });
});

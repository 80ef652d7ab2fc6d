import { describe, expect, it } from 'vitest';
import { fuseRanks, RRF_K } from './rank-fusion';

describe('fuseRanks', () => {
  it('puts an item both sides found above items only one side found', () => {
    const fused = fuseRanks(
      [
        ['a', 'b', 'c'],
        ['x', 'c', 'y'],
      ],
      (id) => id,
    );
    expect(fused[0]!.item).toBe('c');
    expect(fused[0]!.ranks).toEqual([3, 2]);
    expect(fused[0]!.score).toBeCloseTo(1 / (RRF_K + 3) + 1 / (RRF_K + 2), 12);
  });

  it('scores by rank only and keeps first-seen order on ties', () => {
    const fused = fuseRanks([['a'], ['x']], (id) => id);
    expect(fused.map((f) => f.item)).toEqual(['a', 'x']);
    expect(fused[0]!.score).toBe(fused[1]!.score);
    expect(fused[1]!.ranks).toEqual([null, 1]);
  });

  it('counts an item once per side even when a side repeats it', () => {
    const [only] = fuseRanks([['a', 'a']], (id) => id);
    expect(only!.score).toBeCloseTo(1 / (RRF_K + 1), 12);
  });
});

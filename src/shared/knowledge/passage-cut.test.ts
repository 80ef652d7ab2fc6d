import { describe, expect, it } from 'vitest';
import { cutPassages, estimateTokenLengths, lineRange, lineStartsOf, tokenCharLengths } from './passage-cut';

describe('tokenCharLengths', () => {
  it('maps UTF-8 byte lengths to characters, merging byte-fallback pieces into whole characters', () => {
    // "猫" is 3 bytes given as three one-byte pieces; "🐱" is 4 bytes (2 UTF-16 units).
    const text = 'a 猫🐱.';
    expect(tokenCharLengths(text, [1, 1, 1, 1, 1, 2, 2, 1])).toEqual([1, 1, 0, 0, 1, 0, 2, 1]);
  });

  it('refuses lengths that do not add up to the text', () => {
    expect(tokenCharLengths('hello', [1, 5])).toBeNull();
  });
});

describe('cutPassages', () => {
  const text = Array.from({ length: 40 }, (_, i) => `word${i}`).join(' ');
  const lengths = estimateTokenLengths(text);

  it('cuts windows of at most `size` tokens that share `overlap` tokens and cover the whole text', () => {
    const cuts = cutPassages(text, lengths, { size: 20, overlap: 5 });
    expect(cuts.length).toBeGreaterThan(3);
    expect(cuts[0]!.start).toBe(0);
    expect(cuts.at(-1)!.end).toBe(text.length);
    for (const [i, cut] of cuts.entries()) {
      expect(cut.tokens).toBeLessThanOrEqual(20);
      if (i > 0) expect(cut.start).toBeLessThan(cuts[i - 1]!.end);
    }
  });

  it('ends a window at a line break near its end', () => {
    const first = 'aaaa bbbb cccc dddd eeee ffff gggg hhhh';
    const lines = `${first}\niiii jjjj kkkk llll mmmm nnnn`;
    const cuts = cutPassages(lines, estimateTokenLengths(lines), { size: 10, overlap: 0 });
    expect(lines.slice(cuts[0]!.start, cuts[0]!.end)).toBe(first);
  });

  it('never loops on an overlap as large as the window', () => {
    expect(cutPassages('a b c d e f', [1, 2, 2, 2, 2, 2], { size: 2, overlap: 9 }).length).toBe(5);
  });

  it('leaves out windows of only whitespace', () => {
    expect(cutPassages('   \n  ', [3, 1, 2], { size: 1, overlap: 0 })).toEqual([]);
  });
});

describe('lineRange', () => {
  it('gives 1-based inclusive line numbers', () => {
    const text = 'one\ntwo\nthree\n';
    const starts = lineStartsOf(text);
    expect(lineRange(starts, 0, 3)).toEqual({ lineStart: 1, lineEnd: 1 });
    expect(lineRange(starts, 4, 13)).toEqual({ lineStart: 2, lineEnd: 3 });
    expect(lineRange(starts, 8, 14)).toEqual({ lineStart: 3, lineEnd: 3 });
  });
});

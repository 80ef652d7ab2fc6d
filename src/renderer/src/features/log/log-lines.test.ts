import { describe, expect, it } from 'vitest';
import type { LogLine } from '@shared/contract';
import { appendLogLines, filterLogLines, logText } from './log-lines';

const line = (seq: number, text = `line ${seq}`, stream: LogLine['stream'] = 'stderr'): LogLine => ({
  seq,
  time: 1000 + seq,
  stream,
  text,
});
const seqs = (lines: readonly LogLine[]): number[] => lines.map((l) => l.seq);

describe('appendLogLines', () => {
  it('appends new lines in order', () => {
    expect(seqs(appendLogLines([line(1)], [line(2), line(3)]))).toEqual([1, 2, 3]);
  });

  it('drops lines already held (fetch and events overlap)', () => {
    expect(seqs(appendLogLines([line(1), line(2), line(3)], [line(2), line(3), line(4)]))).toEqual([1, 2, 3, 4]);
    expect(seqs(appendLogLines([line(5)], [line(4), line(6), line(6)]))).toEqual([5, 6]);
  });

  it('returns the same array when nothing is new, so subscribers stay asleep', () => {
    const held = [line(1), line(2)];
    expect(appendLogLines(held, [line(1)])).toBe(held);
    expect(appendLogLines(held, [])).toBe(held);
  });

  it('keeps only the newest max lines', () => {
    const many = Array.from({ length: 12 }, (_, i) => line(i + 1));
    expect(seqs(appendLogLines([], many, 5))).toEqual([8, 9, 10, 11, 12]);
    expect(seqs(appendLogLines([line(1), line(2), line(3)], [line(4), line(5), line(6)], 4))).toEqual([3, 4, 5, 6]);
  });
});

describe('filterLogLines', () => {
  const lines = [
    line(1, 'llama_model_loader: loaded meta data'),
    line(2, 'main: server is LISTENING on http://127.0.0.1:8080'),
    line(3, 'srv  update_slots: all slots are idle'),
  ];

  it('returns everything for an empty or blank query', () => {
    expect(filterLogLines(lines, '')).toBe(lines);
    expect(filterLogLines(lines, '   ')).toBe(lines);
  });

  it('matches case-insensitively and requires every word', () => {
    expect(seqs(filterLogLines(lines, 'listening'))).toEqual([2]);
    expect(seqs(filterLogLines(lines, 'SLOTS idle'))).toEqual([3]);
    expect(seqs(filterLogLines(lines, 'slots loader'))).toEqual([]);
  });

  it('treats regex characters literally', () => {
    expect(seqs(filterLogLines(lines, '127.0.0.1:8080'))).toEqual([2]);
    expect(seqs(filterLogLines(lines, '.*'))).toEqual([]);
  });
});

describe('logText', () => {
  it('joins the visible lines as printed', () => {
    expect(logText([line(1, 'a'), line(2, 'b')])).toBe('a\nb');
  });
});

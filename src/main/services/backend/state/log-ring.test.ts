import { describe, expect, it } from 'vitest';
import { LogRing } from './log-ring';

const clock = () => {
  let t = 1000;
  return () => t++;
};

const texts = (lines: { text: string }[]) => lines.map((line) => line.text);

describe('LogRing', () => {
  it('returns each pushed line with a rising seq and the clock time', () => {
    const ring = new LogRing(3, clock());
    expect(ring.push('stderr', 'a')).toEqual({ seq: 1, time: 1000, stream: 'stderr', text: 'a' });
    expect(ring.push('stdout', 'b')).toEqual({ seq: 2, time: 1001, stream: 'stdout', text: 'b' });
    expect(ring.push('app', 'c')).toEqual({ seq: 3, time: 1002, stream: 'app', text: 'c' });
  });

  it('keeps lines in order before it is full', () => {
    const ring = new LogRing(5, clock());
    ring.push('stderr', 'a');
    ring.push('stderr', 'b');
    expect(texts(ring.all())).toEqual(['a', 'b']);
    expect(ring.length).toBe(2);
  });

  it('drops the oldest lines when full, keeping order and seq', () => {
    const ring = new LogRing(3, clock());
    for (const text of ['a', 'b', 'c', 'd', 'e']) ring.push('stderr', text);
    expect(texts(ring.all())).toEqual(['c', 'd', 'e']);
    expect(ring.all().map((line) => line.seq)).toEqual([3, 4, 5]);
    expect(ring.length).toBe(3);
  });

  it('wraps many times without losing order', () => {
    const ring = new LogRing(7, clock());
    for (let i = 1; i <= 1000; i++) ring.push('stdout', `line ${i}`);
    expect(ring.all().map((line) => line.seq)).toEqual([994, 995, 996, 997, 998, 999, 1000]);
    expect(texts(ring.tail(2))).toEqual(['line 999', 'line 1000']);
  });

  it('tails the last n lines, oldest first, and copes with odd n', () => {
    const ring = new LogRing(4, clock());
    for (const text of ['a', 'b', 'c', 'd', 'e', 'f']) ring.push('stderr', text);
    expect(texts(ring.tail(2))).toEqual(['e', 'f']);
    expect(texts(ring.tail(4))).toEqual(['c', 'd', 'e', 'f']);
    expect(texts(ring.tail(100))).toEqual(['c', 'd', 'e', 'f']);
    expect(ring.tail(0)).toEqual([]);
    expect(ring.tail(-3)).toEqual([]);
    expect(texts(ring.tail(2.9))).toEqual(['e', 'f']);
  });

  it('is empty at first', () => {
    const ring = new LogRing(2);
    expect(ring.all()).toEqual([]);
    expect(ring.tail(5)).toEqual([]);
    expect(ring.search('x')).toEqual([]);
  });

  it('searches without regard to case, oldest first, only among lines still held', () => {
    const ring = new LogRing(3, clock());
    for (const text of [
      'CUDA error: old',
      'loading model',
      'error loading model',
      'listening on http://127.0.0.1:8080',
    ])
      ring.push('stderr', text);
    expect(texts(ring.search('ERROR'))).toEqual(['error loading model']);
    expect(texts(ring.search('model'))).toEqual(['loading model', 'error loading model']);
    expect(ring.search('nothing like this')).toEqual([]);
    expect(texts(ring.search(''))).toEqual([
      'loading model',
      'error loading model',
      'listening on http://127.0.0.1:8080',
    ]);
  });

  it('treats regex characters in a search literally', () => {
    const ring = new LogRing(3, clock());
    ring.push('stderr', 'GGML_ASSERT(x) failed');
    ring.push('stderr', 'GGML_ASSERTx failed');
    expect(texts(ring.search('ASSERT(x)'))).toEqual(['GGML_ASSERT(x) failed']);
  });

  it('hands out copies: changing a result does not change the ring', () => {
    const ring = new LogRing(3, clock());
    ring.push('stderr', 'a');
    ring.all().pop();
    expect(texts(ring.all())).toEqual(['a']);
  });

  it('keeps seq rising across clear', () => {
    const ring = new LogRing(3, clock());
    ring.push('stderr', 'a');
    ring.push('stderr', 'b');
    ring.clear();
    expect(ring.all()).toEqual([]);
    expect(ring.push('stderr', 'c').seq).toBe(3);
    expect(texts(ring.all())).toEqual(['c']);
  });

  it('has capacity 1 working as "the last line"', () => {
    const ring = new LogRing(1, clock());
    ring.push('stderr', 'a');
    ring.push('stderr', 'b');
    expect(texts(ring.all())).toEqual(['b']);
  });

  it.each([0, -1, 1.5, Number.NaN])('rejects capacity %s', (capacity) => {
    expect(() => new LogRing(capacity)).toThrow(RangeError);
  });

  it('pushes in constant time: a million lines into a big ring', () => {
    const ring = new LogRing(100_000, () => 0);
    // Shifting a 100,000-entry array a million times would take minutes, far past the test's timeout.
    for (let i = 0; i < 1_000_000; i++) ring.push('stdout', 'x');
    expect(ring.length).toBe(100_000);
    expect(ring.tail(1)[0]?.seq).toBe(1_000_000);
  });
});

// House style: no test asserts on wall-clock time (a test waits for an event; timings live in
// `npm run bench`). Every test file in the repository is read and checked by
// findWallClockAssertions; the examples below pin down what it flags and what it leaves alone.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findWallClockAssertions } from './wall-clock-assertions.ts';

const root = join(import.meta.dirname, '..', '..');
const TEST_FILE = /\.(test\.tsx?|spec\.ts)$/;

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) return [];
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(path);
    return TEST_FILE.test(entry.name) ? [path] : [];
  });
}

const lines = (source: string) => findWallClockAssertions(source).map((found) => found.line);

describe('findWallClockAssertions', () => {
  it('flags a clock difference inside expect', () => {
    const source = [
      'const started = Date.now();',
      'await stop();',
      'expect(Date.now() - started).toBeLessThan(2000);',
      'const t0 = performance.now();',
      'expect(performance.now() - t0, "fast").toBeLessThan(500);',
    ].join('\n');
    expect(lines(source)).toEqual([3, 5]);
  });

  it('flags a difference assigned first, or gathered into a list and summarised', () => {
    const source = [
      'const started = performance.now();',
      'const took = Math.round(performance.now() - started);',
      'expect(took).toBeLessThan(100);',
      'const times: number[] = [];',
      'for (let i = 0; i < 5; i++) { const t = performance.now(); run(); times.push(performance.now() - t); }',
      'const median = times.sort()[2];',
      'expect(median).toBeLessThan(10);',
    ].join('\n');
    expect(lines(source)).toEqual([3, 7]);
  });

  it('flags readings kept on events and in callbacks', () => {
    const source = [
      'let abortedAt = 0;',
      'let endedAt = 0;',
      'const list: { event: string; at: number }[] = [];',
      'for await (const event of stream()) {',
      '  list.push({ event, at: Date.now() });',
      '  if (event === "x") abortedAt = Date.now();',
      '  if (event === "stopped") endedAt = Date.now();',
      '}',
      'expect(endedAt - abortedAt).toBeLessThan(100);',
      'expect((list[list.length - 1]?.at ?? Infinity) - abortedAt).toBeLessThan(100);',
      'expect(list.map((entry) => entry.event)).toEqual(["x", "stopped"]);',
    ].join('\n');
    expect(lines(source)).toEqual([9, 10]);
  });

  it('flags gaps between arrival times gathered in a list and walked by a callback', () => {
    const source = [
      'const arrivals = new Map<string, number[]>();',
      'const emit = (id: string) => arrivals.set(id, [...(arrivals.get(id) ?? []), performance.now()]);',
      'const times = arrivals.get("r1") ?? [];',
      'const gaps = times.slice(1).map((at, i) => at - (times[i] as number));',
      'expect(Math.min(...gaps)).toBeGreaterThanOrEqual(150);',
      'expect(times.length).toBeGreaterThan(2);',
    ].join('\n');
    expect(lines(source)).toEqual([5]);
  });

  it('leaves alone deadlines, timestamps in the past, seeds and the same name in another test', () => {
    const source = [
      'it("a", async () => {',
      '  const deadline = Date.now() + 10_000;',
      '  while (!done() && Date.now() < deadline) await tick();',
      '  const start = Date.now();',
      '  while (busy()) if (Date.now() - start > 5_000) throw new Error("hung");',
      '  expect(await pool.stoppedSince(Date.now() - 5000, 0)).toMatchObject({ restarting: false });',
      '  const seed = Date.now() % 1_000_000;',
      '  expect(shuffle([1, 2], seed)).toHaveLength(2);',
      '  const took = Date.now() - start;',
      '  void took;',
      '});',
      'it("b", () => {',
      '  const took = computeDuration(1_000, 1_250);',
      '  expect(took).toBe(250);',
      '});',
    ].join('\n');
    expect(lines(source)).toEqual([]);
  });

  it('no test file in the repository asserts on wall-clock time', () => {
    const found = ['src', 'scripts', 'e2e', 'bench'].flatMap((dir) =>
      testFiles(join(root, dir)).flatMap((path) =>
        findWallClockAssertions(readFileSync(path, 'utf8'), path).map(
          (hit) => `${relative(root, path)}:${hit.line}: ${hit.text}`,
        ),
      ),
    );
    expect(found).toEqual([]);
  });
});

// PassageStore on the real LanceDB: writes to one base from two ingest lanes at
// once, the delete a first ingest skips, and the vector index a large table gets.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { seededRandom } from '@test-support/seeded-random';
import { PassageStore, type PassageRow } from './passage-table';
import { MIN_INDEXED_ROWS, vectorIndexName } from './vector-index-plan';

let dir = '';
let store: PassageStore;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'eva-passages-'));
  store = await PassageStore.open(dir);
});
afterEach(async () => {
  store.close();
  await rm(dir, { recursive: true, force: true });
});

const rand = seededRandom(7);
function rows(fileId: string, rev: string, count: number, dimension = 8): PassageRow[] {
  return Array.from({ length: count }, (_, i) => ({
    id: `${fileId}-${rev}-${i}`,
    file_id: fileId,
    rev,
    text: `passage ${i} of ${fileId} about the ${rev === 'r1' ? 'heron' : 'otter'}`,
    path: `/docs/${fileId}.md`,
    page: 0,
    line_start: i + 1,
    line_end: i + 1,
    char_start: 0,
    char_end: 10,
    vector: Array.from({ length: dimension }, () => rand() * 2 - 1),
  }));
}

describe('PassageStore', () => {
  it('keeps every row when two lanes write to a new base at once (one creates the table, the other adds)', async () => {
    await Promise.all([
      store.replaceFile('b', 'a', 'r1', rows('a', 'r1', 5), { hadPassages: false }),
      store.replaceFile('b', 'c', 'r1', rows('c', 'r1', 7), { hadPassages: false }),
    ]);
    expect(await store.count('b')).toBe(12);
  });

  it('drops older revisions of a file it had, and skips that delete for a file it never had', async () => {
    await store.replaceFile('b', 'a', 'r1', rows('a', 'r1', 3), { hadPassages: false });
    await store.replaceFile('b', 'a', 'r2', rows('a', 'r2', 2), { hadPassages: true });
    expect(await store.count('b')).toBe(2);
    expect((await store.keywords('b', 'heron', 10)).length).toBe(0);
    // Without the delete the older revision stays: hadPassages: false is only for files the base holds none of.
    await store.replaceFile('b', 'a', 'r1', rows('a', 'r1', 3), { hadPassages: false });
    expect(await store.count('b')).toBe(5);
  });

  it('gives a large table an IVF index on optimize and still finds a passage by its own vector', async () => {
    const dimension = 512;
    const big = rows('big', 'r1', MIN_INDEXED_ROWS, dimension);
    await store.replaceFile('b', 'big', 'r1', big, { hadPassages: false });
    await store.optimize('b');
    expect(await store.indexNames('b')).toContain(vectorIndexName(MIN_INDEXED_ROWS));
    const probe = big[1234]!;
    const [first] = await store.nearest('b', probe.vector, 5);
    expect(first!.id).toBe(probe.id);
    expect(first!._distance).toBeCloseTo(0, 5);
    // Another optimize with few new rows keeps the index it has.
    await store.replaceFile('b', 'more', 'r1', rows('more', 'r1', 10, dimension), { hadPassages: false });
    await store.optimize('b');
    expect((await store.indexNames('b')).filter((name) => name.startsWith('vector_'))).toEqual([
      vectorIndexName(MIN_INDEXED_ROWS),
    ]);
  });

  it('leaves a small table to the exact scan', async () => {
    await store.replaceFile('b', 'a', 'r1', rows('a', 'r1', 50), { hadPassages: false });
    await store.optimize('b');
    expect((await store.indexNames('b')).some((name) => name.startsWith('vector_'))).toBe(false);
  });
});

// The ingest queue's two lanes against the real embedding server: two files are
// under way at once (so the server is never left waiting while one is stored),
// and every file still ends indexed exactly once, with the run done only when
// the last lane is out.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeEmbedderHarness } from '@test-support/knowledge/embedder-harness';
import { makeKnowledgeHarness } from '@test-support/knowledge/knowledge-harness';

const emb = makeEmbedderHarness();
let kb: Awaited<ReturnType<typeof makeKnowledgeHarness>>;

beforeAll(async () => {
  kb = await makeKnowledgeHarness(emb.embedder);
});
afterAll(async () => {
  vi.restoreAllMocks();
  await kb.dispose();
  await emb.dispose();
});

describe('the ingest lanes', () => {
  it('embeds two files at once and indexes each of them once', async () => {
    const paths = await Promise.all(
      [1, 2, 3, 4, 5, 6].map(async (n) => {
        const path = join(kb.root, `lane-${n}.md`);
        // Every line names its file, so any batch of passages tells whose it is.
        await writeFile(
          path,
          Array.from(
            { length: 60 },
            (_, i) => `File${n} note ${i}: the ${['heron', 'otter', 'lynx', 'wren'][i % 4]} crossed the river at dawn.`,
          ).join('\n'),
        );
        return path;
      }),
    );
    const realFetch = globalThis.fetch;
    /** batches in flight per file */
    const inFlight = new Map<string, number>();
    let mostFiles = 0;
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (url, init) => {
      if (!String(url).endsWith('/v1/embeddings')) return realFetch(url, init);
      const file = /File(\d+) note/.exec(String(init?.body))?.[1] ?? '?';
      inFlight.set(file, (inFlight.get(file) ?? 0) + 1);
      mostFiles = Math.max(mostFiles, inFlight.size);
      // Hold the batches until a second file's batch is out too (or 10 s pass), so the overlap does not hang on timing.
      for (const until = Date.now() + 10_000; mostFiles < 2 && Date.now() < until;)
        await new Promise((r) => setTimeout(r, 5));
      try {
        return await realFetch(url, init);
      } finally {
        const left = inFlight.get(file)! - 1;
        if (left > 0) inFlight.set(file, left);
        else inFlight.delete(file);
      }
    });
    const { id } = await kb.service.create('Lanes');
    await kb.service.addPaths(id, paths);
    await kb.service.idle();
    vi.restoreAllMocks();

    expect(mostFiles).toBe(2);
    const base = kb.service.list().bases.find((b) => b.id === id)!;
    expect(base.files.map((f) => f.state)).toEqual(Array(6).fill('indexed'));
    const { rows, counted } = await kb.consistent(id);
    expect(rows).toBe(counted);
    const mine = kb.progress.filter((p) => p.baseId === id);
    // 'done' is reported once, by the last lane out, with every file counted.
    expect(mine.filter((p) => p.state === 'done')).toHaveLength(1);
    expect(mine.at(-1)).toMatchObject({
      state: 'done',
      filesDone: 6,
      filesTotal: 6,
      passagesDone: rows,
      currentFile: null,
    });
  });
});

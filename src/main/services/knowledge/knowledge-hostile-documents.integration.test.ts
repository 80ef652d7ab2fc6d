// Documents made to exhaust a reader, through the real knowledge service: the
// real reader worker process (heap-capped, through the process launcher), the
// real embedding server for the good files beside them. Each bomb ends as a
// failed file with its reason; the core's memory stays flat and it goes on.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prose } from '@test-support/knowledge/document-fixtures';
import { makeEmbedderHarness } from '@test-support/knowledge/embedder-harness';
import { makeFlateBombPdf, makeZipBombDocx } from '@test-support/knowledge/hostile-documents';
import { makeKnowledgeHarness } from '@test-support/knowledge/knowledge-harness';
import { launchProcess } from '../process/launch';

const MB = 1024 * 1024;
const emb = makeEmbedderHarness();
afterAll(async () => emb.dispose());

/** Every reader process the harness starts, so a test can look at them. */
function recordingLaunch(pids: number[]) {
  return (spec: Parameters<typeof launchProcess>[0]) => {
    const proc = launchProcess(spec);
    if (proc.pid !== null) pids.push(proc.pid);
    return proc;
  };
}

/** The highest resident set of this process while `work` runs, sampled, in MB over the start. */
async function peakGrowthMb(work: () => Promise<void>): Promise<number> {
  const start = process.memoryUsage().rss;
  let peak = start;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  return (Math.max(peak, process.memoryUsage().rss) - start) / MB;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('zip bombs and Flate bombs through the real knowledge service', () => {
  const pids: number[] = [];
  let kb: Awaited<ReturnType<typeof makeKnowledgeHarness>>;
  beforeAll(async () => {
    kb = await makeKnowledgeHarness(emb.embedder, {}, undefined, { launch: recordingLaunch(pids) });
  });
  afterAll(async () => kb.dispose());

  it(
    'the DOCX bomb, the DOCX that lies about its size and the big-Flate PDF fail with content_too_large; the good file beside them is indexed',
    { timeout: 240_000 },
    async () => {
      const bomb = join(kb.root, 'bomb.docx');
      const lying = join(kb.root, 'lying.docx');
      const flate = join(kb.root, 'flate.pdf');
      const good = join(kb.root, 'good.txt');
      expect(await makeZipBombDocx(bomb)).toBeLessThan(200 * 1024);
      await makeZipBombDocx(lying, { declaredBytes: 4096 });
      expect(await makeFlateBombPdf(flate)).toBeLessThan(200 * 1024);
      await writeFile(good, prose(3, 5));
      const { id } = await kb.service.create('Hostile');

      const growth = await peakGrowthMb(async () => {
        await kb.service.addPaths(id, [bomb, lying, flate, good]);
        await kb.service.idle();
      });

      const files = kb.service.list().bases.find((b) => b.id === id)!.files;
      const state = (path: string) => files.find((f) => f.path === path)!;
      expect(state(bomb)).toMatchObject({ state: 'failed', error: { reason: 'content_too_large' } });
      expect(state(bomb).error!.message).toMatch(/unpacks to 20 MB/);
      expect(state(lying)).toMatchObject({ state: 'failed', error: { reason: 'content_too_large' } });
      expect(state(lying).error!.message).toMatch(/more than the 4096 bytes it declares/);
      expect(state(flate)).toMatchObject({ state: 'failed', error: { reason: 'content_too_large' } });
      expect(state(flate).error!.message).toMatch(/more than 8388608 characters/);
      expect(state(good)).toMatchObject({ state: 'indexed', error: null });
      expect(kb.progress.filter((p) => p.baseId === id).at(-1)).toMatchObject({ state: 'done', filesFailed: 3 });
      // The documents were parsed in reader processes, never here: this process stayed flat.
      expect(pids.length).toBeGreaterThan(0);
      expect(pids).not.toContain(process.pid);
      expect(growth, `the core grew by ${growth.toFixed(0)} MB`).toBeLessThan(100);
    },
  );
});

describe('cancelling while the reader is deep in a PDF', () => {
  it('kills the reader and the file leaves the base', { timeout: 120_000 }, async () => {
    const pids: number[] = [];
    const kb = await makeKnowledgeHarness(emb.embedder, {}, undefined, { launch: recordingLaunch(pids) });
    try {
      const flate = join(kb.root, 'slow.pdf');
      await makeFlateBombPdf(flate);
      const { id } = await kb.service.create('Cancelled');
      await kb.service.addPaths(id, [flate]);
      await expect.poll(() => pids.length, { timeout: 60_000 }).toBe(1);
      await kb.service.cancel(id);
      await kb.service.idle();
      expect(kb.service.list().bases.find((b) => b.id === id)!.files).toEqual([]);
      await expect.poll(() => alive(pids[0]!), { timeout: 10_000 }).toBe(false);
    } finally {
      await kb.dispose();
    }
  });
});

describe('a reader that runs out of memory', () => {
  it(
    'ends alone: the file fails with out_of_memory, the next file is indexed, the core goes on',
    { timeout: 240_000 },
    async () => {
      // A DOCX within the caps (4 MB of XML) that mammoth needs ~400 MB to parse, read by a reader capped at 128 MB.
      const kb = await makeKnowledgeHarness(emb.embedder, {}, undefined, { heapMb: 128 });
      try {
        const heavy = join(kb.root, 'heavy.docx');
        const after = join(kb.root, 'after.txt');
        await makeZipBombDocx(heavy, { documentBytes: 4 * MB });
        await writeFile(after, prose(3, 9));
        const { id } = await kb.service.create('Heavy');
        await kb.service.addPaths(id, [heavy]);
        await kb.service.idle();
        await kb.service.addPaths(id, [after]);
        await kb.service.idle();
        const files = kb.service.list().bases.find((b) => b.id === id)!.files;
        const heavyFile = files.find((f) => f.path === heavy)!;
        expect(heavyFile).toMatchObject({ state: 'failed', error: { reason: 'out_of_memory' } });
        expect(heavyFile.error!.message).toMatch(/more than the 128 MB the document reader may use/);
        expect(files.find((f) => f.path === after)).toMatchObject({ state: 'indexed' });
      } finally {
        await kb.dispose();
      }
    },
  );
});

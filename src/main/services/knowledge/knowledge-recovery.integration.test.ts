// The knowledge base when things go wrong outside it: the app killed mid-ingest
// (a real child process, SIGKILLed), no embedder chosen yet, the disk full (a
// real, tiny tmpfs). Real embedding server, real LanceDB, real files. What the
// next start does with a damaged catalog or table is in knowledge-start.integration.test.ts.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';
import { useBundledChild } from '@test-support/bundled-child';
import { INGEST_CHILD, REPO_ROOT } from '@test-support/child-scripts';
import { prose } from '@test-support/knowledge/document-fixtures';
import { linkEmbedder, tinyEmbedderSettings } from '@test-support/knowledge/embedder-harness';
import { useEmbedderScratch } from '@test-support/knowledge/embedder-scratch';
import { makeKnowledgeHarness } from '@test-support/knowledge/knowledge-harness';
import type { EmbedderSettings } from '@shared/knowledge/knowledge-settings';

let embedderSettings: EmbedderSettings = tinyEmbedderSettings();
const env = useEmbedderScratch('eva-knowledge-recovery-', () => embedderSettings);

/** The ingest child, bundled once: under tsx each start would compile the knowledge service again. */
const ingestChild = useBundledChild(INGEST_CHILD);

/** Starts the ingest child and SIGKILLs it once it has embedded at least `killAt` passages; returns the base id. */
async function ingestAndKill(root: string, folder: string, killAt: number, baseId?: string): Promise<string> {
  const child = spawn(
    process.execPath,
    [ingestChild(), root, env.endpoint.baseUrl, folder, ...(baseId ? [baseId] : [])],
    {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, EVA_TEST_EMBED_KEY: env.endpoint.apiKey },
    },
  );
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<NodeJS.Signals | number | null>((done) =>
    child.on('exit', (code, signal) => done(signal ?? code)),
  );
  let created = '';
  for await (const line of createInterface({ input: child.stdout })) {
    if (line.startsWith('base ')) created = line.slice(5);
    if (line.startsWith('passages ') && Number(line.slice(9)) >= killAt) child.kill('SIGKILL');
  }
  const how = await exited;
  if (how !== 'SIGKILL') throw new Error(`the ingest child ended with ${String(how)} before it was killed:\n${stderr}`);
  return created;
}

/**
 * The files that were being read when the app was killed are left out with the `interrupted`
 * reason (never retried on their own: one of them may be what killed it); every other file
 * is indexed. Adding the left-out ones again indexes them.
 */
async function readdInterrupted(kb: Awaited<ReturnType<typeof makeKnowledgeHarness>>, baseId: string): Promise<void> {
  const files = kb.service.list().bases.find((b) => b.id === baseId)!.files;
  for (const file of files)
    expect([file.state, file.error?.reason ?? null], file.path).toSatisfy(
      ([state, reason]) => state === 'indexed' || (state === 'failed' && reason === 'interrupted'),
    );
  const interrupted = files.filter((f) => f.state === 'failed').map((f) => f.path);
  if (interrupted.length > 0) await kb.service.addPaths(baseId, interrupted);
  await kb.service.idle();
}

/**
 * The same folder indexed start to finish in one go: the resumed base must hold exactly as many passages, each counted
 * once.
 */
async function expectSameAsCleanIngest(
  kb: Awaited<ReturnType<typeof makeKnowledgeHarness>>,
  baseId: string,
  folder: string,
): Promise<void> {
  const { id: cleanId } = await kb.service.create('Clean');
  await kb.service.addPaths(cleanId, [folder]);
  await kb.service.idle();
  const resumed = await kb.consistent(baseId);
  expect(resumed.rows).toBe(resumed.counted);
  expect(resumed.rows).toBe((await kb.consistent(cleanId)).rows);
}

describe('an ingest killed mid-way resumes at the next start', () => {
  for (const killAt of [1, 12, 30]) {
    it(`killed after ${killAt} passage(s): the files being read are left out, the rest resume; re-added, every file ends indexed once, nothing half-indexed or doubled`, async () => {
      const folder = await env.folderOf(`crash-${killAt}`, 4, 24);
      const root = await mkdtemp(join(env.dir, 'data-'));
      const baseId = await ingestAndKill(root, folder, killAt);

      const kb = await makeKnowledgeHarness(linkEmbedder(env.endpoint), {}, root);
      try {
        await kb.service.idle();
        await readdInterrupted(kb, baseId);
        const base = kb.service.list().bases.find((b) => b.id === baseId)!;
        expect(base.files.map((f) => [f.path.split('/').pop(), f.state])).toEqual(
          [0, 1, 2, 3].map((i) => [`f${i}.txt`, 'indexed']),
        );
        await expectSameAsCleanIngest(kb, baseId, folder);
      } finally {
        await kb.dispose(false);
      }
    });
  }
});

describe('a re-index killed mid-way', () => {
  it("keeps each file's committed passages until its new revision is stored, and ends with exactly the new ones", async () => {
    const folder = await env.folderOf('reindex', 4, 24);
    const root = await mkdtemp(join(env.dir, 'data-'));
    const first = await makeKnowledgeHarness(linkEmbedder(env.endpoint), {}, root);
    const { id: baseId } = await first.service.create('Re-index');
    await first.service.addPaths(baseId, [folder]);
    await first.service.idle();
    await first.dispose(false);
    for (let i = 0; i < 4; i++) await writeFile(join(folder, `f${i}.txt`), prose(30, 300 + i));

    await ingestAndKill(root, folder, 12, baseId);

    const kb = await makeKnowledgeHarness(linkEmbedder(env.endpoint), {}, root);
    try {
      // Reopened, before the queue runs again: no file that claims passages has lost its rows.
      const reopened = await kb.consistent(baseId);
      expect(reopened.rows).toBe(reopened.counted);
      await kb.service.idle();
      await readdInterrupted(kb, baseId);
      expect(
        kb.service
          .list()
          .bases.find((b) => b.id === baseId)!
          .files.every((f) => f.state === 'indexed'),
      ).toBe(true);
      await expectSameAsCleanIngest(kb, baseId, folder);
    } finally {
      await kb.dispose(false);
    }
  });
});

describe('an ingest with no embedder yet', () => {
  it('waits, saying no embedding model is chosen, and goes on once one is set', async () => {
    embedderSettings = tinyEmbedderSettings({ modelPath: '' });
    const kb = await makeKnowledgeHarness(env.emb.embedder);
    try {
      const { id } = await kb.service.create('Waiting');
      const file = join(kb.root, 'wait.txt');
      await writeFile(file, prose(4, 7));
      await kb.service.addPaths(id, [file]);
      await kb.service.idle();
      expect(kb.progress.at(-1)).toMatchObject({ state: 'failed', pausedReason: 'no_embedder' });
      expect(kb.service.list().bases[0]!.files[0]!.state).toBe('queued');

      embedderSettings = tinyEmbedderSettings();
      kb.service.resume();
      await kb.service.idle();
      expect(kb.progress.at(-1)).toMatchObject({ state: 'done', pausedReason: null, filesFailed: 0 });
      expect(kb.service.list().bases[0]!.files[0]!.state).toBe('indexed');
    } finally {
      embedderSettings = tinyEmbedderSettings();
      await kb.dispose();
    }
  });
});

/**
 * A real 4 MB tmpfs can be mounted here (Linux, as root); elsewhere this block is reported as skipped, never as passed.
 */
function canMountTmpfs(): boolean {
  if (process.platform !== 'linux' || process.getuid?.() !== 0) return false;
  const probe = join(tmpdir(), `eva-mount-probe-${process.pid}`);
  try {
    execFileSync('mkdir', ['-p', probe]);
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', probe], { stdio: 'ignore' });
    execFileSync('umount', [probe], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  } finally {
    execFileSync('rm', ['-rf', probe]);
  }
}

describe.runIf(canMountTmpfs())('a full disk (Linux, root: a real 4 MB tmpfs)', () => {
  it('the file that cannot be stored gets its own disk_full error, what was indexed stays, and it indexes once there is room', async () => {
    const mountPoint = await mkdtemp(join(env.dir, 'tmpfs-'));
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=4m', 'tmpfs', mountPoint]);
    const kb = await makeKnowledgeHarness(linkEmbedder(env.endpoint), {}, mountPoint);
    try {
      const { id } = await kb.service.create('Full');
      const small = join(env.dir, 'small.txt');
      const large = join(env.dir, 'large.txt');
      await writeFile(small, prose(6, 3));
      await writeFile(large, prose(200, 4));
      await kb.service.addPaths(id, [small]);
      await kb.service.idle();
      const before = await kb.consistent(id);
      expect(before.rows).toBeGreaterThan(0);

      // Fill the disk to the last byte.
      const filler = join(mountPoint, 'filler');
      await writeFile(filler, Buffer.alloc(0));
      const { open } = await import('node:fs/promises');
      const handle = await open(filler, 'a');
      try {
        for (;;) await handle.write(Buffer.alloc(64 * 1024));
      } catch (error) {
        expect((error as NodeJS.ErrnoException).code).toBe('ENOSPC');
      } finally {
        await handle.close().catch(() => undefined);
      }

      await kb.service.addPaths(id, [large]);
      await kb.service.idle();
      const files = kb.service.list().bases[0]!.files;
      expect(files.find((f) => f.path === large)).toMatchObject({ state: 'failed', error: { reason: 'disk_full' } });
      expect(files.find((f) => f.path === small)).toMatchObject({ state: 'indexed' });
      // The list that could not be saved is said once, not once a save.
      expect(kb.notices.filter((notice) => notice.code === 'knowledge_catalog_unsaved')).toHaveLength(1);
      expect(await kb.consistent(id)).toEqual(before);
      expect((await kb.service.query(prose(6, 3).split('\n\n')[0]!, { topN: 1 })).hits[0]!.source.path).toBe(small);

      await rm(filler);
      await kb.service.addPaths(id, [large]);
      await kb.service.idle();
      expect(kb.service.list().bases[0]!.files.find((f) => f.path === large)).toMatchObject({
        state: 'indexed',
        error: null,
      });
      const after = await kb.consistent(id);
      expect(after.rows).toBe(after.counted);
      expect(after.rows).toBeGreaterThan(before.rows);
    } finally {
      await kb.dispose(false);
      execFileSync('umount', [mountPoint]);
    }
  });
});

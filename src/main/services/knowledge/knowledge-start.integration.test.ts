// What the knowledge base does at the start after a bad stop: a file that was
// being read when the app died is left out (it may be what killed it), and a
// damaged catalog or passage table never keeps the app from starting. The
// catalogs are written by hand as a stopped run leaves them; the real service,
// reader worker, embedding server and LanceDB take it from there.
import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { KnowledgeFile } from '@shared/knowledge/knowledge-types';
import { linkEmbedder } from '@test-support/knowledge/embedder-harness';
import { useEmbedderScratch } from '@test-support/knowledge/embedder-scratch';
import { makeKnowledgeHarness } from '@test-support/knowledge/knowledge-harness';
import { INTERRUPTED } from './knowledge-recovery';

const env = useEmbedderScratch('eva-knowledge-start-');

/** A data dir whose catalog is `bases`, as a run that stopped at that point left it. */
async function dataDirWith(bases: unknown[]): Promise<string> {
  const root = await mkdtemp(join(env.dir, 'data-'));
  await mkdir(join(root, 'knowledge'), { recursive: true });
  await writeFile(join(root, 'knowledge', 'catalog.json'), JSON.stringify({ version: 1, bases }));
  return root;
}

function catalogFile(
  id: string,
  path: string,
  state: KnowledgeFile['state'],
  patch: Partial<KnowledgeFile> = {},
): KnowledgeFile {
  return { id, path, state, hash: null, passages: 0, bytes: 1000, indexedAt: null, error: null, ...patch };
}

describe('a file that was being indexed when the app died', () => {
  it('is failed as interrupted at the next start, never queued again on its own; a queued one resumes; adding it again indexes it', async () => {
    const folder = await env.folderOf('interrupted', 3, 4);
    const [first, second, third] = [0, 1, 2].map((i) => join(folder, `f${i}.txt`));
    const root = await dataDirWith([
      {
        id: 'stopped',
        name: 'Stopped',
        createdAt: 1,
        embedder: null,
        files: [
          catalogFile('a', first!, 'indexing'),
          catalogFile('b', second!, 'indexing', { hash: 'f'.repeat(64), passages: 0, error: null }),
          catalogFile('c', third!, 'queued'),
        ],
      },
    ]);

    const kb = await makeKnowledgeHarness(linkEmbedder(env.endpoint), {}, root);
    try {
      await kb.service.idle();
      const files = kb.service.list().bases[0]!.files;
      for (const path of [first, second])
        expect(files.find((f) => f.path === path)).toMatchObject({
          state: 'failed',
          error: { reason: 'interrupted', message: `${path}: ${INTERRUPTED}` },
        });
      expect(files.find((f) => f.path === third)).toMatchObject({ state: 'indexed' });
      // Saved so: it stays left out at the start after this one too.
      const saved = JSON.parse(await readFile(join(root, 'knowledge', 'catalog.json'), 'utf8')) as {
        bases: Array<{ files: KnowledgeFile[] }>;
      };
      expect(saved.bases[0]!.files.filter((f) => f.error?.reason === 'interrupted').map((f) => f.path)).toEqual([
        first,
        second,
      ]);
    } finally {
      await kb.dispose(false);
    }

    const again = await makeKnowledgeHarness(linkEmbedder(env.endpoint), {}, root);
    try {
      await again.service.idle();
      expect(again.service.list().bases[0]!.files.find((f) => f.path === first)).toMatchObject({
        state: 'failed',
        error: { reason: 'interrupted' },
      });
      await again.service.addPaths('stopped', [first!, second!]);
      await again.service.idle();
      expect(again.service.list().bases[0]!.files.map((f) => f.state)).toEqual(['indexed', 'indexed', 'indexed']);
    } finally {
      await again.dispose(false);
    }
  });
});

describe('a knowledge base that is damaged at start never keeps the app from starting', () => {
  it('a catalog that is not JSON: kept aside, a notice, and the service opens empty and works', async () => {
    const root = await mkdtemp(join(env.dir, 'data-'));
    await mkdir(join(root, 'knowledge'), { recursive: true });
    await writeFile(join(root, 'knowledge', 'catalog.json'), '{"version":1,"bases":[{"id":');
    const kb = await makeKnowledgeHarness(linkEmbedder(env.endpoint), {}, root);
    try {
      expect(kb.service.list().bases).toEqual([]);
      expect(kb.notices).toEqual([expect.objectContaining({ code: 'knowledge_catalog_damaged', level: 'error' })]);
      expect(await readFile(join(root, 'knowledge', 'catalog.json.damaged'), 'utf8')).toBe(
        '{"version":1,"bases":[{"id":',
      );
      await kb.service.create('After');
      expect(kb.service.list().bases.map((b) => b.name)).toEqual(['After']);
    } finally {
      await kb.dispose(false);
    }
  });

  it('a base whose passage table cannot be opened: the start goes on with a notice, the other files resume', async () => {
    const folder = await env.folderOf('broken-table', 1, 3);
    const root = await dataDirWith([
      {
        id: 'broken',
        name: 'Broken',
        createdAt: 1,
        embedder: null,
        files: [catalogFile('x', join(folder, 'gone.txt'), 'indexed', { hash: 'a'.repeat(64), passages: 4 })],
      },
      {
        id: 'fine',
        name: 'Fine',
        createdAt: 2,
        embedder: null,
        files: [catalogFile('y', join(folder, 'f0.txt'), 'queued')],
      },
    ]);
    // A table folder with no dataset in it: LanceDB lists the table and cannot load it.
    await mkdir(join(root, 'knowledge', 'db', 'base_broken.lance'), { recursive: true });
    const kb = await makeKnowledgeHarness(linkEmbedder(env.endpoint), {}, root);
    try {
      expect(kb.notices).toEqual([
        expect.objectContaining({
          code: 'knowledge_repair_failed',
          details: expect.objectContaining({ base: 'Broken' }),
        }),
      ]);
      await kb.service.idle();
      expect(kb.service.list().bases.find((b) => b.id === 'fine')!.files[0]).toMatchObject({ state: 'indexed' });
    } finally {
      await kb.dispose(false);
    }
  });
});

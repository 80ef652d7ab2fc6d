// Parts 2, 3 and 5 of the knowledge base against the real thing: the embedding
// llama-server on the tiny model (random but deterministic vectors, so a
// passage's own text retrieves it), real files of every type, the real LanceDB.
import { copyFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeDocumentFolder, makeEncryptedPdf, makeSparseFile, prose } from '@test-support/knowledge/document-fixtures';
import { makeEmbedderHarness, tinyEmbedderSettings } from '@test-support/knowledge/embedder-harness';
import { makeKnowledgeHarness } from '@test-support/knowledge/knowledge-harness';
import type { EmbedderSettings } from '@shared/knowledge/knowledge-settings';

let embedderSettings: EmbedderSettings = tinyEmbedderSettings();
const emb = makeEmbedderHarness(() => embedderSettings);
let kb: Awaited<ReturnType<typeof makeKnowledgeHarness>>;
let files: Awaited<ReturnType<typeof makeDocumentFolder>>;

beforeAll(async () => {
  kb = await makeKnowledgeHarness(emb.embedder);
  files = await makeDocumentFolder(kb.root);
});
afterAll(async () => {
  await kb.dispose();
  await emb.dispose();
});

const base = (id: string) => kb.service.list().bases.find((b) => b.id === id)!;
const fileAt = (id: string, path: string) => base(id).files.find((f) => f.path === path)!;

describe('knowledge bases with the real embedding server and LanceDB', () => {
  let id = '';

  it('indexes a folder of every type, keeping each passage source', async () => {
    id = (await kb.service.create('Docs')).id;
    const { queued } = await kb.service.addPaths(id, [join(kb.root, 'docs')]);
    expect(queued).toBe(6);
    await kb.service.idle();
    expect(base(id).files.map((f) => [f.path.split('/').pop(), f.state, f.error])).toEqual(
      expect.arrayContaining([
        ['report.pdf', 'indexed', null],
        ['letter.docx', 'indexed', null],
        ['page.html', 'indexed', null],
        ['tool.py', 'indexed', null],
        ['guide.md', 'indexed', null],
        ['notes.txt', 'indexed', null],
      ]),
    );
    expect(base(id).embedder).toEqual({ model: 'tiny-llama.gguf', dimension: 64 });
    const { rows, counted } = await kb.consistent(id);
    expect(rows).toBe(counted);
    expect(rows).toBeGreaterThan(6);
    const last = kb.progress.filter((p) => p.baseId === id).at(-1)!;
    expect(last).toMatchObject({ state: 'done', filesDone: 6, filesTotal: 6, filesFailed: 0 });
    expect(last.passagesDone).toBe(rows);
  });

  it('retrieves a passage by its own text (vector side) and by a keyword (BM25 side), with scores and sources', async () => {
    const page2 = await kb.service.query('Page two covers the pangolin schedule.', { topN: 3 });
    expect(page2.hits[0]!.source).toMatchObject({ path: files.pdf, page: 2, lineStart: 1 });
    expect(page2.hits[0]!.similarity).toBeGreaterThan(0.99);
    expect(page2.hits[0]!.bm25).not.toBeNull();
    const keyword = await kb.service.query('capybara', { topN: 5 });
    const docx = keyword.hits.find((h) => h.source.path === files.docx)!;
    expect(docx.bm25).toBeGreaterThan(0);
    expect(docx.text).toContain('capybara contract');
    expect(keyword.hits.length).toBeLessThanOrEqual(5);
    expect([...keyword.hits].sort((a, b) => b.score - a.score)).toEqual(keyword.hits);
  });

  it('opens a cited passage in its source', async () => {
    const [hit] = (await kb.service.query('def wombatize(x):', { topN: 1 })).hits;
    expect(hit!.source.path).toBe(files.code);
    const view = await kb.service.openPassage(id, hit!.id);
    expect(view.text.slice(view.start, view.end)).toBe(hit!.text);
    expect(view.source.lineStart).toBe(1);
  });

  it('re-adding an unchanged file keeps it; a changed one replaces its passages; a removed one takes them along', async () => {
    const before = fileAt(id, files.text);
    await kb.service.addPaths(id, [files.text]);
    await kb.service.idle();
    expect(fileAt(id, files.text)).toMatchObject({ hash: before.hash, passages: before.passages });

    await writeFile(files.text, 'Replaced: the okapi ledger.\n');
    await kb.service.addPaths(id, [files.text]);
    await kb.service.idle();
    expect(fileAt(id, files.text).hash).not.toBe(before.hash);
    expect(fileAt(id, files.text).passages).toBe(1);
    expect((await kb.service.query('zebracorn', { topN: 50 })).hits.some((h) => h.text.includes('zebracorn'))).toBe(
      false,
    );
    expect((await kb.service.query('okapi', { topN: 3 })).hits[0]!.source.path).toBe(files.text);
    expect((await kb.consistent(id)).rows).toBe((await kb.consistent(id)).counted);

    const html = fileAt(id, files.html);
    await kb.service.removeFile(id, html.id);
    expect((await kb.service.query('narwhalberry', { topN: 50 })).hits.some((h) => h.source.path === files.html)).toBe(
      false,
    );
    const { rows, counted } = await kb.consistent(id);
    expect(rows).toBe(counted);
  });

  it('renames and deletes a base', async () => {
    const other = await kb.service.create('Scratch');
    expect((await kb.service.rename(other.id, 'Renamed')).name).toBe('Renamed');
    await kb.service.addPaths(other.id, [files.markdown]);
    await kb.service.idle();
    expect(await kb.service.store.count(other.id)).toBeGreaterThan(0);
    await kb.service.remove(other.id);
    expect(kb.service.list().bases.some((b) => b.id === other.id)).toBe(false);
    expect(await kb.service.store.count(other.id)).toBe(0);
  });

  it('gives each bad file its own error and indexes the good ones beside them', async () => {
    const bad = join(kb.root, 'bad');
    await rm(bad, { recursive: true, force: true });
    await (await import('node:fs/promises')).mkdir(bad);
    const paths = {
      encrypted: join(bad, 'locked.pdf'),
      corrupt: join(bad, 'broken.pdf'),
      binary: join(bad, 'blob.md'),
      empty: join(bad, 'empty.txt'),
      huge: join(bad, 'huge.txt'),
      unsupported: join(bad, 'archive.zip'),
      vanished: join(bad, 'vanished.txt'),
      good: join(bad, 'good.txt'),
    };
    await makeEncryptedPdf(paths.encrypted);
    await writeFile(paths.corrupt, '%PDF-1.7\ngarbage');
    await writeFile(paths.binary, Buffer.from([1, 2, 0, 3]));
    await writeFile(paths.empty, '');
    await makeSparseFile(paths.huge, 200 * 1024 * 1024);
    await writeFile(paths.unsupported, 'PK');
    await writeFile(paths.vanished, 'soon gone');
    await writeFile(paths.good, 'The good file mentions the ibex.');
    const bid = (await kb.service.create('Bad input')).id;
    await kb.service.addPaths(bid, Object.values(paths));
    await rm(paths.vanished);
    await kb.service.idle();
    const reasons = Object.fromEntries(
      base(bid).files.map((f) => [f.path.split('/').pop(), f.error?.reason ?? f.state]),
    );
    expect(reasons).toEqual({
      'locked.pdf': 'encrypted_pdf',
      'broken.pdf': 'corrupt_file',
      'blob.md': 'binary_file',
      'empty.txt': 'empty_file',
      'huge.txt': 'file_too_large',
      'archive.zip': 'unsupported_type',
      'vanished.txt': 'not_found',
      'good.txt': 'indexed',
    });
    const { rows, counted } = await kb.consistent(bid);
    expect(rows).toBe(counted);
    expect(rows).toBe(1);
    expect(kb.progress.filter((p) => p.baseId === bid).at(-1)).toMatchObject({
      state: 'done',
      filesFailed: 7,
      filesDone: 8,
    });
  });

  it('pauses while the embedding server is down and resumes when it is back, nothing lost or doubled', async () => {
    const bid = (await kb.service.create('Crash')).id;
    const big = join(kb.root, 'big.txt');
    await writeFile(big, prose(150, 5));
    await kb.service.addPaths(bid, [big]);
    // Kill the server once the first batches are in.
    const start = Date.now();
    while (!kb.progress.some((p) => p.baseId === bid && p.passagesDone > 0)) {
      if (Date.now() - start > 20_000) throw new Error('no progress');
      await new Promise((r) => setTimeout(r, 5));
    }
    process.kill(emb.server.pid()!, 'SIGKILL');
    await kb.service.idle();
    const mine = kb.progress.filter((p) => p.baseId === bid);
    expect(mine.some((p) => p.state === 'paused' && p.pausedReason)).toBe(true);
    expect(mine.at(-1)).toMatchObject({ state: 'done', filesFailed: 0 });
    expect(fileAt(bid, big).state).toBe('indexed');
    const { rows, counted } = await kb.consistent(bid);
    expect(rows).toBe(counted);
    expect(mine.at(-1)!.passagesDone).toBeGreaterThanOrEqual(rows);
    expect(emb.server.status().restarts).toBeGreaterThanOrEqual(1);
  });

  it('cancel keeps finished files, drops the queue and leaves the file under way as it was', async () => {
    const bid = (await kb.service.create('Cancel')).id;
    const paths = await Promise.all(
      [0, 1, 2, 3].map(async (i) => {
        const path = join(kb.root, `c${i}.txt`);
        await writeFile(path, prose(60, 10 + i));
        return path;
      }),
    );
    await kb.service.addPaths(bid, paths);
    const start = Date.now();
    while (!base(bid).files.some((f) => f.state === 'indexed')) {
      if (Date.now() - start > 30_000) throw new Error('nothing indexed');
      await new Promise((r) => setTimeout(r, 5));
    }
    await kb.service.cancel(bid);
    await kb.service.idle();
    const left = base(bid).files;
    expect(left.length).toBeGreaterThanOrEqual(1);
    expect(left.length).toBeLessThan(4);
    expect(left.every((f) => f.state === 'indexed')).toBe(true);
    expect(kb.progress.filter((p) => p.baseId === bid).some((p) => p.state === 'cancelled')).toBe(true);
    const { rows, counted } = await kb.consistent(bid);
    expect(rows).toBe(counted);
  });

  it('a change of embedding model asks to re-embed instead of mixing vectors', async () => {
    const other = join(kb.root, 'other-embedder.gguf');
    await copyFile(embedderSettings.modelPath, other);
    embedderSettings = tinyEmbedderSettings({ modelPath: other });
    expect(base(id).needsReembed).toBe(true);
    const refused = await kb.service.query('pangolin', { baseIds: [id] });
    expect(refused).toMatchObject({ hits: [], needsReembed: [id] });
    await kb.service.addPaths(id, [files.markdown]);
    await writeFile(files.markdown, '# Guide\n\nChanged so it is embedded again.\n');
    await kb.service.addPaths(id, [files.markdown]);
    await kb.service.idle();
    expect(kb.progress.filter((p) => p.baseId === id).at(-1)).toMatchObject({
      state: 'failed',
      pausedReason: 'reembed_needed',
    });

    await kb.service.reembed(id);
    await kb.service.idle();
    expect(base(id)).toMatchObject({ needsReembed: false, embedder: { model: 'other-embedder.gguf', dimension: 64 } });
    expect(base(id).files.every((f) => f.state === 'indexed')).toBe(true);
    expect((await kb.service.query('pangolin', { baseIds: [id] })).hits.length).toBeGreaterThan(0);
    const { rows, counted } = await kb.consistent(id);
    expect(rows).toBe(counted);
  });
});

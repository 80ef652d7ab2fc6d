// `app:open-preview`'s files: a preview's document is written to a private file of the core's own naming and handed
// to the opener; anything else is refused before a byte is written. The system's opener cannot run in the unit
// tier, so a recording stand-in takes its place (each test says so); real files, real temp folders.
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { appChannels } from '@shared/app/app-contract';
import { AppFailure } from '@shared/errors';
import { buildPreviewDocument } from '@shared/previews/preview-document';
import { PREVIEW_DOCUMENT_HEAD } from '@shared/previews/preview-policy';
import { previewFiles, type PreviewFiles } from './open-preview';

let root: string;
let files: PreviewFiles;
let opened: string[];
let refuse: AppFailure | null;

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'eva-open-preview-'));
  opened = [];
  refuse = null;
  files = previewFiles(async (path) => {
    opened.push(path);
    if (refuse) throw refuse;
  }, root);
});
afterEach(async () => {
  await files.dispose();
  await rm(root, { recursive: true, force: true });
});

const page = buildPreviewDocument({ kind: 'html', source: '<h1>héllo</h1><script>document.title = 1</script>' });

describe('previewFiles (stand-in opener)', () => {
  it('writes the document to a 0600 file in a fresh 0700 folder of its own, and opens that file', async () => {
    const { path } = await files.open(page);
    expect(opened).toEqual([path]);
    expect(dirname(dirname(path))).toBe(root);
    expect(await readFile(path, 'utf8')).toBe(page);
    if (process.platform !== 'win32') {
      expect((await stat(path)).mode & 0o777).toBe(0o600);
      expect((await stat(dirname(path))).mode & 0o777).toBe(0o700);
    }
    // A second preview gets a folder of its own: nothing is overwritten while a browser may still read it.
    const second = await files.open(page);
    expect(dirname(second.path)).not.toBe(dirname(path));
  });

  it('refuses a document that does not begin with the policy, writing and opening nothing', async () => {
    for (const document of [
      '<h1>hi</h1>',
      ` ${PREVIEW_DOCUMENT_HEAD}`,
      '<!doctype html><html><head><meta charset="utf-8">',
    ])
      await expect(files.open(document)).rejects.toMatchObject({ code: 'bad_request' });
    expect(opened).toEqual([]);
    expect(await readdir(root)).toEqual([]);
  });

  it("passes on the opener's refusal, and removes every folder it wrote when disposed", async () => {
    refuse = new AppFailure('not_found', 'no opener', { reason: 'open_folder_no_opener' });
    await expect(files.open(page)).rejects.toBe(refuse);
    refuse = null;
    await files.open(page);
    expect(await readdir(root)).toHaveLength(2);
    await files.dispose();
    expect(await readdir(root)).toEqual([]);
  });
});

describe("the channel's own check", () => {
  const input = appChannels['app:open-preview'].input;
  it("accepts a preview's document and nothing else", () => {
    expect(input.safeParse({ document: page }).success).toBe(true);
    expect(input.safeParse({ document: '<script>alert(1)</script>' }).success).toBe(false);
    expect(input.safeParse({ document: page, path: '/etc/passwd' }).success).toBe(false);
  });
});

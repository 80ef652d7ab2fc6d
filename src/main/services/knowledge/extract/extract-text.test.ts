import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeDocumentFolder, makeEncryptedPdf, makeSparseFile } from '@test-support/knowledge/document-fixtures';
import { extractFile } from './extract-text';
import { ExtractFailure } from './extract-failure';
import { extractLimits } from './extract-limits';

const MB = 1024 * 1024;
let dir: string;
let files: Awaited<ReturnType<typeof makeDocumentFolder>>;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'eva-extract-'));
  files = await makeDocumentFolder(dir);
});
afterAll(async () => rm(dir, { recursive: true, force: true }));

async function failure(path: string, maxBytes = 64 * MB): Promise<string> {
  const error = await extractFile(path, extractLimits(maxBytes)).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ExtractFailure);
  return (error as ExtractFailure).reason;
}

describe('extractFile on real documents', () => {
  it('reads text, Markdown and code as they are', async () => {
    expect((await extractFile(files.text, extractLimits(MB))).sections[0]!.text).toContain('zebracorn');
    expect((await extractFile(files.markdown, extractLimits(MB))).sections[0]!.text).toContain('quokkafish');
    expect((await extractFile(files.code, extractLimits(MB))).sections[0]!.text.split('\n')[0]).toBe(
      'def wombatize(x):',
    );
  });

  it('reads HTML without its scripts and styles', async () => {
    const [section] = (await extractFile(files.html, extractLimits(MB))).sections;
    expect(section!.text).toContain('narwhalberry');
    expect(section!.text).not.toContain('secret');
  });

  it('reads a PDF page by page (pdf-lib made it, unpdf reads it)', async () => {
    const { sections } = await extractFile(files.pdf, extractLimits(MB));
    expect(sections.map((s) => s.page)).toEqual([1, 2]);
    expect(sections[0]!.text).toContain('axolotl');
    expect(sections[1]!.text).toContain('pangolin');
  });

  it('reads a DOCX (docx made it, mammoth reads it)', async () => {
    expect((await extractFile(files.docx, extractLimits(MB))).sections[0]!.text).toContain('capybara contract');
  });
});

describe('extractFile on bad input: one reason per file', () => {
  it('an encrypted PDF', async () => {
    const path = join(dir, 'locked.pdf');
    await makeEncryptedPdf(path);
    expect(await failure(path)).toBe('encrypted_pdf');
  });

  it('a damaged PDF', async () => {
    const path = join(dir, 'broken.pdf');
    await writeFile(path, '%PDF-1.7\n1 0 obj <<< garbage');
    expect(await failure(path)).toBe('corrupt_file');
  });

  it('a damaged DOCX', async () => {
    const path = join(dir, 'broken.docx');
    await writeFile(path, 'PK\u0003\u0004 not really a zip');
    expect(await failure(path)).toBe('corrupt_file');
  });

  it('a binary file under a text name, an empty file, an unsupported type, a vanished file', async () => {
    const binary = join(dir, 'blob.txt');
    await writeFile(binary, Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0, 0, 1, 2]));
    expect(await failure(binary)).toBe('binary_file');
    const empty = join(dir, 'empty.md');
    await writeFile(empty, '');
    expect(await failure(empty)).toBe('empty_file');
    const image = join(dir, 'photo.png');
    await writeFile(image, 'x');
    expect(await failure(image)).toBe('unsupported_type');
    expect(await failure(join(dir, 'gone.txt'))).toBe('not_found');
  });

  it('a 200 MB file is refused before it is read', async () => {
    const huge = join(dir, 'huge.txt');
    await makeSparseFile(huge, 200 * MB);
    const before = process.memoryUsage().rss;
    expect(await failure(huge, 64 * MB)).toBe('file_too_large');
    expect(process.memoryUsage().rss - before).toBeLessThan(50 * MB);
  });
});

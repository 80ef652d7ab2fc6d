// The DOCX zip bomb: a valid zip of ~70 KB whose word/document.xml is 20 MB of
// paragraphs. Without caps mammoth inflates and parses all of it (2 GB and more).
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deflatedZip, documentXml, makeFlateBombPdf, makeZipBombDocx } from '@test-support/knowledge/hostile-documents';
import { makeDocx } from '@test-support/knowledge/document-fixtures';
import { unpackDocxParts } from './docx-parts';
import { ExtractFailure } from './extract-failure';
import { extractLimits } from './extract-limits';
import { extractPdf } from './extract-pdf';
import { extractFile } from './extract-text';

const MB = 1024 * 1024;
const limits = extractLimits(64 * MB);
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'eva-docx-parts-'));
});
afterAll(async () => rm(dir, { recursive: true, force: true }));

/** The failure `work` ends in, and how far the resident set grew meanwhile. */
async function failureOf(work: () => Promise<unknown>): Promise<{ reason: string; message: string; growthMb: number }> {
  const before = process.memoryUsage().rss;
  const error = await work().then(
    () => null,
    (e: unknown) => e,
  );
  const growthMb = (process.memoryUsage().rss - before) / MB;
  expect(error).toBeInstanceOf(ExtractFailure);
  return { reason: (error as ExtractFailure).reason, message: (error as ExtractFailure).message, growthMb };
}

describe('a DOCX zip bomb is refused from what its zip declares, before inflating', () => {
  it('a 70 KB DOCX whose document.xml declares 20 MB: content_too_large, memory flat', async () => {
    const path = join(dir, 'bomb.docx');
    const size = await makeZipBombDocx(path);
    expect(size).toBeLessThan(200 * 1024);
    const { reason, message, growthMb } = await failureOf(() => extractFile(path, limits));
    expect(reason).toBe('content_too_large');
    expect(message).toMatch(/word\/document\.xml unpacks to 20 MB; one part may be 8 MB/);
    expect(growthMb).toBeLessThan(40);
  });

  it('the same bomb with headers that claim 1,000 bytes: stopped as soon as it inflates past them', async () => {
    const path = join(dir, 'lying.docx');
    await makeZipBombDocx(path, { declaredBytes: 1000 });
    const { reason, message, growthMb } = await failureOf(() => extractFile(path, limits));
    expect(reason).toBe('content_too_large');
    expect(message).toMatch(/unpacks to more than the 1000 bytes it declares/);
    expect(growthMb).toBeLessThan(40);
  });

  it('parts each under the cap that together pass the total', async () => {
    const part = documentXml(6 * MB);
    const zip = deflatedZip([
      { name: 'word/document.xml', data: part },
      { name: 'word/footnotes.xml', data: part },
      { name: 'word/comments.xml', data: part },
    ]);
    expect(() => unpackDocxParts(zip, 'three.docx', limits)).toThrow(/parts unpack to more than 16 MB/);
  });

  it('a part whose bytes do not match its CRC, and one with two parts of one name, are corrupt', () => {
    const zip = deflatedZip([{ name: 'word/document.xml', data: Buffer.from('<w:document/>') }]);
    zip.writeUInt32LE(0xdeadbeef, zip.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02])) + 16);
    expect(() => unpackDocxParts(zip, 'crc.docx', limits)).toThrow(/damaged \(CRC\)/);
    const twice = deflatedZip([
      { name: 'word/document.xml', data: Buffer.from('<a/>') },
      { name: 'word/document.xml', data: Buffer.from('<b/>') },
    ]);
    expect(() => unpackDocxParts(twice, 'twice.docx', limits)).toThrow(ExtractFailure);
  });

  it('a real DOCX still reads, images and all left packed', async () => {
    const path = join(dir, 'real.docx');
    await makeDocx(path, ['Dear reader,', 'The capybara contract is signed.']);
    const parts = unpackDocxParts(await readFile(path), path, limits);
    expect([...parts.keys()]).toContain('word/document.xml');
    expect((await extractFile(path, limits)).sections[0]!.text).toContain('capybara contract');
  });

  it('text past the text cap is refused', async () => {
    const path = join(dir, 'wordy.docx');
    await makeZipBombDocx(path, { documentBytes: MB });
    expect((await failureOf(() => extractFile(path, { ...limits, maxTextChars: 100_000 }))).reason).toBe(
      'content_too_large',
    );
  });
});

describe('a PDF whose small Flate stream inflates to endless text', () => {
  it('stops reading at the text cap: content_too_large', async () => {
    const path = join(dir, 'flate.pdf');
    await makeFlateBombPdf(path, { streamBytes: 2 * MB });
    const bytes = await readFile(path);
    const { reason, message } = await failureOf(() => extractPdf(bytes, path, { ...limits, maxTextChars: 200_000 }));
    expect(reason).toBe('content_too_large');
    expect(message).toMatch(/more than 200000 characters/);
  });
});

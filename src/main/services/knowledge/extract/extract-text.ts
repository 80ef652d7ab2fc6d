// A file's text in sections (a PDF's pages, else one), through a well-kept
// extractor per format: unpdf (PDF.js) for PDF, mammoth for DOCX, html-to-text
// for HTML, and our decoder for plain text, Markdown and code. Every failure is
// an ExtractFailure with a per-file reason. This runs in the reader's worker
// process (extract-worker-main.ts); the core never parses a document itself.
import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { ExtractFailure, fsReason } from './extract-failure';
import type { ExtractLimits } from './extract-limits';
import { fileKindOf } from './file-kind';
import { decodeText } from './decode-text';

import type { TextSection } from './text-section';

/** What reading a file gives: its content hash and size (to skip an unchanged file) and its text. */
export interface ExtractedFile {
  /** sha256 of the file's bytes, hex */
  hash: string;
  bytes: number;
  sections: TextSection[];
}

export async function extractFile(path: string, limits: ExtractLimits): Promise<ExtractedFile> {
  const kind = fileKindOf(path);
  if (!kind) throw new ExtractFailure('unsupported_type', `${path}: no extractor reads this type of file`);
  const size = await stat(path).then(
    (info) => {
      if (!info.isFile()) throw new ExtractFailure('read_failed', `${path} is not a file`);
      return info.size;
    },
    (error: unknown) => {
      throw new ExtractFailure(fsReason(error), `${path}: ${(error as Error).message}`);
    },
  );
  if (size === 0) throw new ExtractFailure('empty_file', `${path} is empty`);
  // Checked before reading, so a huge file never reaches memory.
  const { maxFileBytes } = limits;
  if (size > maxFileBytes)
    throw new ExtractFailure(
      'file_too_large',
      `${path} is ${Math.round(size / 1048576)} MB; the limit is ${Math.round(maxFileBytes / 1048576)} MB`,
    );
  const bytes = await readFile(path).catch((error: unknown) => {
    throw new ExtractFailure(fsReason(error), `${path}: ${(error as Error).message}`);
  });
  const sections = await sectionsOf(kind, bytes, path, limits);
  if (sections.every((section) => section.text.trim() === ''))
    throw new ExtractFailure('no_text', `${path} has no text to index`);
  return { hash: createHash('sha256').update(bytes).digest('hex'), bytes: bytes.length, sections };
}

async function sectionsOf(
  kind: NonNullable<ReturnType<typeof fileKindOf>>,
  bytes: Buffer,
  path: string,
  limits: ExtractLimits,
): Promise<TextSection[]> {
  switch (kind) {
    case 'pdf':
      return (await import('./extract-pdf')).extractPdf(bytes, path, limits);
    case 'docx':
      return [{ text: await (await import('./extract-docx')).extractDocx(bytes, path, limits), page: null }];
    case 'html':
      return [{ text: (await import('./extract-html')).extractHtml(decodeText(bytes, path)), page: null }];
    default:
      return [{ text: decodeText(bytes, path).replace(/\r\n?/g, '\n'), page: null }];
  }
}

// A file's text in sections (a PDF's pages, else one), through a well-kept
// extractor per format: unpdf (PDF.js) for PDF, mammoth for DOCX, html-to-text
// for HTML, and our decoder for plain text, Markdown and code. Every failure is
// an ExtractFailure with a per-file reason.
import { readFile, stat } from 'node:fs/promises';
import { ExtractFailure, fsReason } from './extract-failure';
import { fileKindOf } from './file-kind';
import { decodeText } from './decode-text';

import type { TextSection } from './text-section';

export interface ExtractedFile {
  bytes: Uint8Array;
  sections: TextSection[];
}

export async function extractFile(path: string, maxBytes: number): Promise<ExtractedFile> {
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
  if (size > maxBytes) throw new ExtractFailure('file_too_large', `${path} is ${Math.round(size / 1048576)} MB; the limit is ${Math.round(maxBytes / 1048576)} MB`);
  const bytes = await readFile(path).catch((error: unknown) => {
    throw new ExtractFailure(fsReason(error), `${path}: ${(error as Error).message}`);
  });
  const sections = await sectionsOf(kind, bytes, path);
  if (sections.every((section) => section.text.trim() === '')) throw new ExtractFailure('no_text', `${path} has no text to index`);
  return { bytes, sections };
}

async function sectionsOf(kind: NonNullable<ReturnType<typeof fileKindOf>>, bytes: Buffer, path: string): Promise<TextSection[]> {
  switch (kind) {
    case 'pdf':
      return (await import('./extract-pdf')).extractPdf(bytes, path);
    case 'docx':
      return [{ text: await (await import('./extract-docx')).extractDocx(bytes, path), page: null }];
    case 'html':
      return [{ text: (await import('./extract-html')).extractHtml(decodeText(bytes, path)), page: null }];
    default:
      return [{ text: decodeText(bytes, path).replace(/\r\n?/g, '\n'), page: null }];
  }
}

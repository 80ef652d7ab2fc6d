// DOCX text through mammoth (paragraphs separated by blank lines). mammoth is
// handed a zip of the parts already inflated within the caps (docx-parts.ts),
// never the file itself: its own unzip has no limit.
import { unpackDocxParts } from './docx-parts';
import { ExtractFailure } from './extract-failure';
import type { ExtractLimits } from './extract-limits';
import { writeStoredZip } from './stored-zip';

export async function extractDocx(bytes: Uint8Array, path: string, limits: ExtractLimits): Promise<string> {
  const parts = unpackDocxParts(bytes, path, limits);
  const checked = writeStoredZip(parts);
  parts.clear();
  const mammoth = (await import('mammoth')).default;
  let text: string;
  try {
    text = (await mammoth.extractRawText({ buffer: checked })).value;
  } catch (error) {
    throw new ExtractFailure('corrupt_file', `${path} is not a readable DOCX: ${(error as Error).message}`);
  }
  if (text.length > limits.maxTextChars)
    throw new ExtractFailure(
      'content_too_large',
      `${path} was not read: it holds more than ${limits.maxTextChars} characters of text`,
    );
  return text.replace(/\r\n?/g, '\n').replace(/\n{3,}/g, '\n\n');
}

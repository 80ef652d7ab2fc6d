// DOCX text through mammoth (paragraphs separated by blank lines).
import { ExtractFailure } from './extract-failure';

export async function extractDocx(bytes: Uint8Array, path: string): Promise<string> {
  const mammoth = (await import('mammoth')).default;
  try {
    const result = await mammoth.extractRawText({ buffer: Buffer.from(bytes) });
    return result.value.replace(/\r\n?/g, '\n').replace(/\n{3,}/g, '\n\n');
  } catch (error) {
    throw new ExtractFailure('corrupt_file', `${path} is not a readable DOCX: ${(error as Error).message}`);
  }
}

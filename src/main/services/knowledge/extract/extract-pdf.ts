// PDF text page by page through unpdf (PDF.js built for servers, no canvas).
// PDF.js names its failures: a password-protected file and a damaged one each get
// their own per-file reason.
import { ExtractFailure } from './extract-failure';
import type { TextSection } from './text-section';

export async function extractPdf(bytes: Uint8Array, path: string): Promise<TextSection[]> {
  const { extractText, getDocumentProxy } = await import('unpdf');
  try {
    // PDF.js takes ownership of (and detaches) the buffer it is given: hand it a copy.
    const pdf = await getDocumentProxy(new Uint8Array(bytes), { isEvalSupported: false, stopAtErrors: true, verbosity: 0 });
    try {
      const { text } = await extractText(pdf, { mergePages: false });
      return text.map((page, index) => ({ text: page, page: index + 1 }));
    } finally {
      await pdf.destroy();
    }
  } catch (error) {
    const name = (error as { name?: string } | null)?.name;
    if (name === 'PasswordException') throw new ExtractFailure('encrypted_pdf', `${path} is encrypted (it needs a password)`);
    throw new ExtractFailure('corrupt_file', `${path} is not a readable PDF: ${(error as Error).message}`);
  }
}

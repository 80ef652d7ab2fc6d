// PDF text page by page through unpdf (PDF.js built for servers, no canvas).
// PDF.js names its failures: a password-protected file and a damaged one each get
// their own per-file reason. PDF.js inflates a page's content streams with no
// limit of its own, so the text is read as a stream and the page is cancelled as
// soon as the file's text passes the cap: a small Flate stream that inflates to
// endless text stops there, and the worker's heap cap stands behind that.
import { ExtractFailure } from './extract-failure';
import type { ExtractLimits } from './extract-limits';
import type { TextSection } from './text-section';

interface TextChunk {
  items: Array<{ str?: string; hasEOL?: boolean }>;
}

/** Thrown inside the read loop to stop PDF.js; turned into the per-file failure below. */
class TextCapReached extends Error {}

export async function extractPdf(bytes: Uint8Array, path: string, limits: ExtractLimits): Promise<TextSection[]> {
  const { getDocumentProxy } = await import('unpdf');
  try {
    // PDF.js takes ownership of (and detaches) the buffer it is given: hand it a copy.
    const pdf = await getDocumentProxy(new Uint8Array(bytes), {
      isEvalSupported: false,
      stopAtErrors: true,
      verbosity: 0,
    });
    try {
      const sections: TextSection[] = [];
      let chars = 0;
      for (let number = 1; number <= pdf.numPages; number++) {
        const page = await pdf.getPage(number);
        const text = await pageText(page.streamTextContent() as ReadableStream<TextChunk>, limits.maxTextChars - chars);
        chars += text.length;
        sections.push({ text, page: number });
        page.cleanup();
      }
      return sections;
    } finally {
      await pdf.destroy();
    }
  } catch (error) {
    if (error instanceof TextCapReached)
      throw new ExtractFailure(
        'content_too_large',
        `${path} was not read: it holds more than ${limits.maxTextChars} characters of text`,
      );
    const name = (error as { name?: string } | null)?.name;
    if (name === 'PasswordException')
      throw new ExtractFailure('encrypted_pdf', `${path} is encrypted (it needs a password)`);
    throw new ExtractFailure('corrupt_file', `${path} is not a readable PDF: ${(error as Error).message}`);
  }
}

/**
 * A page's text as unpdf's extractText joins it (items, a newline where PDF.js ends a line), at most `budget`
 * characters.
 */
async function pageText(stream: ReadableStream<TextChunk>, budget: number): Promise<string> {
  const reader = stream.getReader();
  const parts: string[] = [];
  let length = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return parts.join('');
    for (const item of value.items) {
      if (item.str == null) continue;
      const piece = item.str + (item.hasEOL ? '\n' : '');
      parts.push(piece);
      length += piece.length;
    }
    if (length > budget) {
      await reader.cancel(new Error('the text cap is reached'));
      throw new TextCapReached();
    }
  }
}

// How much one file may unpack to. A document is small on disk and large in
// memory: a DOCX is a zip whose XML can inflate a thousandfold, and a PDF's
// streams are compressed the same way. These caps are checked before inflating
// (what a zip declares), while inflating (what it really holds) and on the text
// that comes out; the reader's worker process has a memory cap behind them.

export interface ExtractLimits {
  /** the file on disk (settings.knowledge.maxFileMb) */
  maxFileBytes: number;
  /** one XML part of a DOCX once inflated */
  maxPartBytes: number;
  /** all the XML parts of a DOCX together once inflated */
  maxUnpackedBytes: number;
  /** entries a DOCX's zip may list */
  maxZipEntries: number;
  /** characters of text a DOCX or PDF may give (a text or HTML file is bounded by its size on disk) */
  maxTextChars: number;
}

const MB = 1024 * 1024;

/**
 * mammoth holds a part as a DOM of about 75 bytes per byte of XML (8 MB of
 * paragraphs took 612 MB), so 8 MB a part and 16 MB in all stay inside the
 * worker's heap (extract-worker-client.ts); a long book's document.xml is a few
 * MB. 8 Mi characters of text is about 4,000 pages of prose.
 */
export function extractLimits(maxFileBytes: number): ExtractLimits {
  return { maxFileBytes, maxPartBytes: 8 * MB, maxUnpackedBytes: 16 * MB, maxZipEntries: 10_000, maxTextChars: 8 * MB };
}

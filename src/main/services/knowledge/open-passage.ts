// A cited passage opened in its source: the file is read again and the passage
// shown where it lies (its page, for a PDF). Where the file changed or is gone,
// the stored passage text is shown alone. The file is read by the same
// extractor as at ingest (its worker process), never parsed in the core.
import { AppFailure } from '@shared/errors';
import type { PassageView } from '@shared/knowledge/knowledge-types';
import { extractLimits } from './extract/extract-limits';
import type { Extractor } from './extract/extract-worker-client';
import type { PassageStore } from './passage-table';

const MAX_VIEW_CHARS = 200_000;
const MAX_SOURCE_BYTES = 64 * 1024 * 1024;
const READ_TIMEOUT_MS = 120_000;

export async function openPassage(
  store: PassageStore,
  extractor: Extractor,
  baseId: string,
  passageId: string,
): Promise<PassageView> {
  const row = await store.row(baseId, passageId);
  if (!row)
    throw new AppFailure('not_found', 'that passage is no longer in the knowledge base', { reason: 'no_passage' });
  const source = {
    fileId: row.file_id,
    path: row.path,
    page: row.page > 0 ? row.page : null,
    lineStart: row.line_start,
    lineEnd: row.line_end,
  };
  const alone: PassageView = { source, text: row.text, start: 0, end: row.text.length };
  // A source that cannot be read again (gone, changed, refused) shows the stored text alone: that is the answer, not an
  // error.
  const file = await extractor
    .extract(row.path, extractLimits(MAX_SOURCE_BYTES), AbortSignal.timeout(READ_TIMEOUT_MS))
    .catch(() => null); // see above: the stored text alone is the answer
  const section = file?.sections.find((s) => s.page === source.page) ?? file?.sections[0];
  if (!section || section.text.slice(row.char_start, row.char_end).trim() !== row.text) return alone;
  // A window around the passage when the section is very long.
  const from = Math.max(0, Math.min(row.char_start - MAX_VIEW_CHARS / 2, section.text.length - MAX_VIEW_CHARS));
  const text = section.text.slice(from, from + MAX_VIEW_CHARS);
  const lead = section.text.slice(row.char_start, row.char_end).indexOf(row.text);
  return { source, text, start: row.char_start - from + lead, end: row.char_start - from + lead + row.text.length };
}

// A step's result is shown folded to a preview; "show all" reveals the rest.
// The core already caps what the model sees (30,000 chars); this only keeps a
// chat of many steps short to read and cheap to lay out.

/** The part of a text shown before "show all", and how much is hidden. */
export interface TruncatedText {
  text: string;
  truncated: boolean;
  hiddenLines: number;
  hiddenChars: number;
}

export const PREVIEW_MAX_LINES = 12;
export const PREVIEW_MAX_CHARS = 1200;

/** First `maxLines` lines, at most `maxChars` characters; cut on a line end when one is near. */
export function truncateOutput(
  text: string,
  maxLines = PREVIEW_MAX_LINES,
  maxChars = PREVIEW_MAX_CHARS,
): TruncatedText {
  if (!Number.isInteger(maxLines) || maxLines < 1)
    throw new RangeError(`maxLines must be a positive integer, got ${maxLines}`);
  if (!Number.isInteger(maxChars) || maxChars < 1)
    throw new RangeError(`maxChars must be a positive integer, got ${maxChars}`);
  let end = 0;
  for (let line = 0; line < maxLines; line++) {
    const next = text.indexOf('\n', end);
    if (next === -1) {
      end = text.length;
      break;
    }
    end = next + 1;
  }
  if (end > maxChars) {
    // A cut mid-line reads worse than a slightly shorter preview.
    const lineEnd = text.lastIndexOf('\n', maxChars - 1);
    end = lineEnd >= maxChars / 2 ? lineEnd + 1 : maxChars;
  }
  if (end >= text.length) return { text, truncated: false, hiddenLines: 0, hiddenChars: 0 };
  const shown = text.slice(0, end);
  const rest = text.slice(end);
  const hiddenLines = rest.split('\n').length - (rest.endsWith('\n') ? 1 : 0);
  return { text: shown.replace(/\n$/, ''), truncated: true, hiddenLines, hiddenChars: rest.length };
}

// Finds `.catch(() => …)` calls that drop an error without saying why. House style: a sub-step's
// failure reaches the user as data; where losing it is right (a queue tail that must never
// reject while the caller gets the error, best-effort cleanup after the real error was
// reported), a comment on the line or the line above says so. A missing path goes through
// `ifExists`, which keeps every other failure.

/** One unexplained catch: its 1-based line and the text of that line. */
export interface SwallowedError {
  line: number;
  text: string;
}

const DROPPING_CATCH = /\.catch\(\s*\(\s*\)\s*=>/g;
const COMMENT = /\/\/|\/\*|^\s*\*/;

export function findSwallowedErrors(source: string): SwallowedError[] {
  const lines = source.split(/\r?\n/);
  const lineStarts = [0];
  for (const match of source.matchAll(/\n/g)) lineStarts.push(match.index + 1);
  const lineOf = (offset: number) => lineStarts.findLastIndex((start) => start <= offset);
  return [...source.matchAll(DROPPING_CATCH)].flatMap((match) => {
    const first = lineOf(match.index);
    const last = lineOf(match.index + match[0].length);
    // The catch itself (from `.catch` to the end of its arrow's line) or the line above may say why.
    const own = [source.slice(match.index, lineStarts[last + 1] ?? source.length)];
    const above = first > 0 ? (lines[first - 1] ?? '') : '';
    if (own.some((text) => COMMENT.test(text)) || COMMENT.test(above)) return [];
    return [{ line: first + 1, text: (lines[first] ?? '').trim() }];
  });
}

// Streaming markdown is re-rendered many times a second; parsing the whole
// answer each time would cost O(length) per frame. Split into top-level blocks
// at blank lines, every block but the last stops changing, and a memoised
// component per block parses only the one still growing.

const FENCE = /^\s*(`{3,}|~{3,})/;

/**
 * Split at blank lines that are outside fenced code and $$ math, and not
 * followed by an indented line (the continuation of a list item, which must stay
 * with its list). Joining the blocks with "\n\n" gives the text back.
 */
export function splitMarkdownBlocks(text: string): string[] {
  const lines = text.split('\n');
  const indentedNext = nextNonBlankIsIndented(lines);
  const blocks: string[] = [];
  let current: string[] = [];
  let fence: string | null = null;
  let math = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    if (fence !== null) {
      if (
        line.trim().startsWith(fence) &&
        line
          .trim()
          .replace(/^[`~]+/, '')
          .trim() === ''
      )
        fence = null;
      current.push(line);
      continue;
    }
    const open = FENCE.exec(line);
    if (open) {
      fence = open[1] as string;
      current.push(line);
      continue;
    }
    if (line.trim() === '$$') math = !math;
    if (!math && line.trim() === '' && current.length > 0 && !(indentedNext[i] as boolean)) {
      blocks.push(current.join('\n'));
      current = [];
      // More blank lines in a row belong to no block.
      while (i + 1 < lines.length && (lines[i + 1] as string).trim() === '') i++;
      continue;
    }
    current.push(line);
  }
  if (current.length > 0 || blocks.length === 0) blocks.push(current.join('\n'));
  return blocks;
}

/**
 * For each line: is the next non-blank line after it indented (a list item's
 * continuation, or an indented code block)? One pass from the end, so a long run
 * of blank lines costs O(n), not O(n²) (20k newlines took 2.4 s per update when
 * each blank line looked ahead on its own). Nothing after yet counts as indented:
 * while streaming we cannot know, so the block stays open.
 */
function nextNonBlankIsIndented(lines: readonly string[]): boolean[] {
  const result = new Array<boolean>(lines.length);
  let indented = true;
  for (let i = lines.length - 1; i >= 0; i--) {
    result[i] = indented;
    const line = lines[i] as string;
    if (line.trim() !== '') indented = line.startsWith(' ') || line.startsWith('\t');
  }
  return result;
}

/**
 * Models often write LaTeX as \( … \) and \[ … \], and display math as `$$ … $$` on
 * one line; remark-math knows only $ and $$, and takes one-line $$ as inline math.
 * Rewrite them outside code (fenced blocks and inline `spans`). Scanned by hand in
 * linear time: lazy regexes over an unclosed \[ or a long `$$…` line were quadratic,
 * and a saved message like that froze the page every time its conversation opened.
 */
export function normalizeMathDelimiters(block: string): string {
  if (!block.includes('\\(') && !block.includes('\\[') && !block.includes('$$')) return block;
  if (/^\s*(`{3,}|~{3,})/m.test(block)) return block;
  return block
    .split(/(`+[^`]*`+)/)
    .map((segment, index) =>
      index % 2 === 1
        ? segment
        : displayLines(
            rewritePairs(
              rewritePairs(segment, '\\[', '\\]', (body) => `$$${body}$$`),
              '\\(',
              '\\)',
              (body) => `$${body.trim()}$`,
            ),
          ),
    )
    .join('');
}

/** Each `open … close` (shortest, non-empty) rewritten; an open with no close after it stays as it is. */
function rewritePairs(text: string, open: string, close: string, rewrite: (body: string) => string): string {
  let out = '';
  let at = 0;
  for (;;) {
    const start = text.indexOf(open, at);
    if (start === -1) break;
    const end = text.indexOf(close, start + open.length + 1);
    // No close anywhere after this open: none of the later opens has one either.
    if (end === -1) break;
    out += text.slice(at, start) + rewrite(text.slice(start + open.length, end));
    at = end + close.length;
  }
  return out + text.slice(at);
}

/** A line that is nothing but $$…$$ is display math: give the $$ lines of their own. */
function displayLines(text: string): string {
  if (!text.includes('$$')) return text;
  return text
    .split('\n')
    .map((line) => {
      let end = line.length;
      while (end > 0 && (line[end - 1] === ' ' || line[end - 1] === '\t')) end--;
      let start = 0;
      while (start < end && (line[start] === ' ' || line[start] === '\t')) start++;
      const indent = line.slice(0, start);
      const content = line.slice(start, end);
      if (content.length < 5 || !content.startsWith('$$') || !content.endsWith('$$')) return line;
      const body = content.slice(2, -2);
      if (!/[^$]/.test(body)) return line;
      return `${indent}$$\n${indent}${body.trim()}\n${indent}$$`;
    })
    .join('\n');
}

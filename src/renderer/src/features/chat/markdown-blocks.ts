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
  const blocks: string[] = [];
  let current: string[] = [];
  let fence: string | null = null;
  let math = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    if (fence !== null) {
      if (line.trim().startsWith(fence) && line.trim().replace(/^[`~]+/, '').trim() === '') fence = null;
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
    if (!math && line.trim() === '' && current.length > 0 && !continues(lines, i)) {
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

/** The next non-blank line is indented: a list item's continuation, or an indented code block. */
function continues(lines: readonly string[], blank: number): boolean {
  for (let j = blank + 1; j < lines.length; j++) {
    const next = lines[j] as string;
    if (next.trim() === '') continue;
    return /^[ \t]/.test(next);
  }
  // Nothing after yet: while streaming we cannot know, so keep the block open.
  return true;
}

/**
 * Models often write LaTeX as \( … \) and \[ … \], and display math as `$$ … $$` on
 * one line; remark-math knows only $ and $$, and takes one-line $$ as inline math.
 * Rewrite them outside code (fenced blocks and inline `spans`).
 */
export function normalizeMathDelimiters(block: string): string {
  if (!block.includes('\\(') && !block.includes('\\[') && !block.includes('$$')) return block;
  if (/^\s*(`{3,}|~{3,})/m.test(block)) return block;
  return block
    .split(/(`+[^`]*`+)/)
    .map((segment, index) =>
      index % 2 === 1
        ? segment
        : segment
            .replace(/\\\[([\s\S]+?)\\\]/g, (_whole, body: string) => `$$${body}$$`)
            .replace(/\\\(([\s\S]+?)\\\)/g, (_whole, body: string) => `$${body.trim()}$`)
            // A line that is nothing but $$…$$ is display math: give the $$ lines of their own.
            .replace(/^([ \t]*)\$\$([^\n]*?[^$\n][^\n]*?)\$\$[ \t]*$/gm, (_whole, indent: string, body: string) => `${indent}$$\n${indent}${body.trim()}\n${indent}$$`),
    )
    .join('');
}

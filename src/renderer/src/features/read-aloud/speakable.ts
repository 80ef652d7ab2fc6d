// One sentence of Markdown as words to speak: code, links' targets, images,
// HTML and Markdown's punctuation (#, *, |, >, list markers) are not read out.

/** Words worth saying in `markdown`; '' when nothing is left (a rule, a table's separator row). */
export function speakable(markdown: string): string {
  const text = markdown
    // Inline code: `x`, ``x`y``. The sentence splitter already skipped fenced blocks.
    .replace(/(`+)[\s\S]*?\1/g, ' ')
    .replace(/`+/g, ' ')
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]+)\]\[[^\]]*\]/g, '$1')
    .replace(/<https?:\/\/[^>]*>/gi, ' ')
    .replace(/https?:\/\/\S+/gi, ' ')
    .replace(/<\/?[a-z][^>]*>/gi, ' ')
    .replace(/^[ \t]*#{1,6}[ \t]+/gm, '')
    .replace(/^[ \t]*(?:>[ \t]?)+/gm, '')
    .replace(/^[ \t]*(?:[-*+]|\d{1,9}[.)])[ \t]+(?:\[[ xX]\][ \t]+)?/gm, '')
    .replace(/\*\*|__|~~|\*/g, '')
    // Emphasis with _ only at word edges: snake_case stays whole.
    .replace(/(^|[^\p{L}\p{N}])_+|_+(?=[^\p{L}\p{N}]|$)/gu, '$1')
    .replace(/\|/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return /[\p{L}\p{N}]/u.test(text) ? text : '';
}

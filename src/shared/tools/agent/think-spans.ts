// Where the model's reasoning is in a piece of text. Tool tags inside reasoning
// are the model thinking about a call, not making one.

/** The tags that wrap reasoning; configurable because templates differ. */
export interface ThinkTags {
  open: string;
  close: string;
}

/** How to read reasoning in a reply. */
export interface ThinkOptions {
  tags?: ThinkTags;
  /** the chat template already opened the reasoning block in the prompt, so the reply starts inside it */
  startsInside?: boolean;
}

export const DEFAULT_THINK_TAGS: ThinkTags = { open: '<think>', close: '</think>' };

/** [start, end) ranges of text that are reasoning, tags included. */
export function thinkSpans(text: string, options: ThinkOptions = {}): Array<[number, number]> {
  const tags = options.tags ?? DEFAULT_THINK_TAGS;
  if (options.startsInside) {
    const shift = tags.open.length;
    return scan(tags.open + text, tags).map(([start, end]) => [Math.max(0, start - shift), end - shift]);
  }
  return scan(text, tags);
}

function scan(text: string, tags: ThinkTags): Array<[number, number]> {
  const spans: Array<[number, number]> = [];
  let from = 0;
  const firstOpen = text.indexOf(tags.open);
  const firstClose = text.indexOf(tags.close);
  // A close with no open before it: the template opened reasoning without telling us.
  if (firstClose !== -1 && (firstOpen === -1 || firstClose < firstOpen)) {
    spans.push([0, firstClose + tags.close.length]);
    from = firstClose + tags.close.length;
  }
  for (;;) {
    const open = text.indexOf(tags.open, from);
    if (open === -1) break;
    const close = text.indexOf(tags.close, open + tags.open.length);
    if (close === -1) {
      spans.push([open, text.length]);
      break;
    }
    spans.push([open, close + tags.close.length]);
    from = close + tags.close.length;
  }
  return spans;
}

/** The text with every reasoning span removed. */
export function stripThinking(text: string, options: ThinkOptions = {}): string {
  let out = '';
  let from = 0;
  for (const [start, end] of thinkSpans(text, options)) {
    out += text.slice(from, start);
    from = end;
  }
  return out + text.slice(from);
}

/**
 * true when the text ends while reasoning is still open. A `</tool_call>` stop
 * word hit there does not count: the loop should continue generating instead of
 * parsing a call.
 */
export function endsInsideThinking(text: string, options: ThinkOptions = {}): boolean {
  const tags = options.tags ?? DEFAULT_THINK_TAGS;
  const spans = thinkSpans(text, options);
  const last = spans[spans.length - 1];
  if (!last || last[1] !== text.length) return false;
  return !text.slice(last[0]).includes(tags.close);
}

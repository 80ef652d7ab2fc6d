// Splits streamed content into answer and inline <think>…</think> reasoning.
// Servers that do not parse reasoning themselves (llama-server with
// --reasoning-format none, many link-mode endpoints) send the tags inside
// `content`, and a tag can be cut anywhere by the chunking ("<thi" + "nk>"),
// so whatever could still become a tag is held back until the next piece.
import type { ThinkTagState } from './types';

const OPEN = '<think>';
const CLOSE = '</think>';

export const INITIAL_THINK_STATE: ThinkTagState = { inside: false, pending: '' };

export interface ThinkSplit {
  state: ThinkTagState;
  content: string;
  reasoning: string;
}

/** Feeds one content delta through the tag splitter. */
export function splitThinkTags(state: ThinkTagState, text: string): ThinkSplit {
  let rest = state.pending + text;
  let inside = state.inside;
  let content = '';
  let reasoning = '';
  for (;;) {
    const tag = inside ? CLOSE : OPEN;
    const at = rest.indexOf(tag);
    if (at < 0) break;
    if (inside) reasoning += rest.slice(0, at);
    else content += rest.slice(0, at);
    rest = rest.slice(at + tag.length);
    inside = !inside;
  }
  const held = partialTagSuffix(rest, inside ? CLOSE : OPEN);
  const emitted = rest.slice(0, rest.length - held);
  if (inside) reasoning += emitted;
  else content += emitted;
  return { state: { inside, pending: rest.slice(rest.length - held) }, content, reasoning };
}

/** At the end of a stream, held-back text was never a tag: give it back where it belongs. */
export function flushThinkTags(state: ThinkTagState): ThinkSplit {
  const { inside, pending } = state;
  return { state: { inside, pending: '' }, content: inside ? '' : pending, reasoning: inside ? pending : '' };
}

/** Length of the longest suffix of `text` that is a proper prefix of `tag`. */
function partialTagSuffix(text: string, tag: string): number {
  for (let n = Math.min(tag.length - 1, text.length); n > 0; n--) {
    if (text.endsWith(tag.slice(0, n))) return n;
  }
  return 0;
}

const THINK_BLOCK = /<think>[\s\S]*?(?:<\/think>|$)/g;

/** Removes every <think> block (an unclosed one runs to the end) from an earlier answer. */
export function stripThinkBlocks(text: string): string {
  if (!text.includes(OPEN)) return text;
  return text.replace(THINK_BLOCK, '').trimStart();
}

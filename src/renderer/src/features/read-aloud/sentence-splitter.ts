// Cuts an answer's Markdown into sentences to speak, as it streams. Called again
// with the longer text and the offset it returned last time, it hands out only
// the sentences completed since; what might still grow (a sentence without its
// end, an unclosed code fence, a half-typed "3." that may become "3.14") waits.
// Code blocks, `<think>` sections and display math are skipped, never spoken.
import { speakable } from './speakable';

export interface SentenceBatch {
  /** cleaned, speakable sentences, in order (empty ones left out) */
  sentences: string[];
  /** where the next call starts: the first character not yet handed out */
  next: number;
}

// CJK sentence ends end a sentence at once: no space follows them.
const CJK_END = new Set(['。', '！', '？', '；', '…', '｡']);
const ASCII_END = new Set(['.', '!', '?', ';']);
// Closing quotes and brackets stay with the sentence they close: 他说：“好的。” / He said "yes."
const CLOSERS = new Set(['"', "'", ')', ']', '”', '’', '」', '』', '）', '】', '》', '〉']);
// A long run without a full stop is cut at a comma, so speech starts before the paragraph ends.
const SOFT_BREAKS = new Set(['，', '、', ',']);
const SOFT_BREAK_AFTER = 120;
const LIST_MARKER = /^[ \t]*(?:[-*+]|\d{1,9}[.)])[ \t]+/;
const FENCE_OPEN = /^[ \t]{0,3}(`{3,}|~{3,})/;

/** Skipped blocks: where one starts at `i`, the offset just after its end; 'open' when the end has not arrived. */
function skippedBlockEnd(text: string, i: number, atLineStart: boolean): number | 'open' | null {
  if (atLineStart) {
    const fence = FENCE_OPEN.exec(text.slice(i, i + 64));
    if (fence?.[1]) return fenceEnd(text, i, fence[1]);
  }
  if (text.startsWith('<think>', i)) return closedBy(text, i + 7, '</think>');
  if (text.startsWith('$$', i)) return closedBy(text, i + 2, '$$');
  return null;
}

function closedBy(text: string, from: number, closer: string): number | 'open' {
  const at = text.indexOf(closer, from);
  return at < 0 ? 'open' : at + closer.length;
}

/** The end of the line that closes a fenced block opened by `marker` at `start`. */
function fenceEnd(text: string, start: number, marker: string): number | 'open' {
  const char = marker.charAt(0);
  let lineStart = text.indexOf('\n', start);
  while (lineStart >= 0) {
    lineStart += 1;
    const lineEnd = text.indexOf('\n', lineStart);
    const line = text.slice(lineStart, lineEnd < 0 ? text.length : lineEnd);
    const close = /^[ \t]{0,3}(`{3,}|~{3,})[ \t]*$/.exec(line);
    // A closing line without its newline could still grow ("```" → "```js" is not a close): wait for it.
    if (close?.[1] && close[1].charAt(0) === char && close[1].length >= marker.length)
      return lineEnd < 0 ? 'open' : lineEnd + 1;
    lineStart = lineEnd;
  }
  return 'open';
}

/** The end of an inline code span opened by the backtick run at `i`; null when it never closes. */
function inlineCodeEnd(text: string, i: number): { runEnd: number; end: number | null } {
  let runEnd = i;
  while (text[runEnd] === '`') runEnd++;
  const run = text.slice(i, runEnd);
  let search = runEnd;
  for (;;) {
    const at = text.indexOf(run, search);
    if (at < 0) return { runEnd, end: null };
    let after = at + run.length;
    if (text[after] !== '`' && text[at - 1] !== '`') return { runEnd, end: after };
    while (text[after] === '`') after++;
    search = after;
  }
}

/**
 * The sentences of `text` that are complete from `from` on. With `final` (the
 * answer has ended) everything left is handed out, unclosed blocks skipped.
 */
export function takeSentences(text: string, from: number, final: boolean): SentenceBatch {
  const sentences: string[] = [];
  let start = from;
  let i = from;
  const emit = (end: number, next: number): void => {
    const spoken = speakable(text.slice(start, end));
    if (spoken !== '') sentences.push(spoken);
    start = next;
    i = next;
  };

  while (i < text.length) {
    const atLineStart = i === 0 || text[i - 1] === '\n';
    const block = skippedBlockEnd(text, i, atLineStart);
    if (block !== null) {
      // What came before the block is a sentence of its own ("Run this:").
      if (block === 'open' && !final) {
        emit(i, i);
        return { sentences, next: i };
      }
      emit(i, block === 'open' ? text.length : block);
      continue;
    }
    if (atLineStart) {
      // "1. First" is a list item, not a sentence "1." followed by "First".
      const marker = LIST_MARKER.exec(text.slice(i, i + 16));
      if (marker) {
        i += marker[0].length;
        continue;
      }
    }
    const char = text.charAt(i);
    if (char === '`') {
      const span = inlineCodeEnd(text, i);
      if (span.end === null && !final) return { sentences, next: start };
      i = span.end ?? span.runEnd;
      continue;
    }
    if (char === '\n') {
      emit(i, i + 1);
      continue;
    }
    if (CJK_END.has(char) || ASCII_END.has(char)) {
      let end = i + 1;
      while (end < text.length && (CLOSERS.has(text.charAt(end)) || text.charAt(end) === char)) end++;
      if (CJK_END.has(char)) {
        emit(end, end);
        continue;
      }
      if (end === text.length && !final) return { sentences, next: start };
      if (end === text.length || /\s/.test(text.charAt(end))) {
        emit(end, end);
        continue;
      }
      i = end;
      continue;
    }
    if (SOFT_BREAKS.has(char) && i + 1 - start >= SOFT_BREAK_AFTER && (char !== ',' || /\s/.test(text.charAt(i + 1)))) {
      emit(i + 1, i + 1);
      continue;
    }
    i++;
  }
  if (final) emit(text.length, text.length);
  return { sentences, next: start };
}

// Cutting text into passages by tokens with overlap. The tokens come from the
// embedding server's own tokenizer (/tokenize with pieces) when it has one, and
// from a word-based estimate otherwise (a link endpoint); either way they arrive
// here as the length of each token in characters of `text`. Pure.

export interface PassageCut {
  /** character offsets in the text, end exclusive */
  start: number;
  end: number;
  tokens: number;
}

export interface CutOptions {
  size: number;
  overlap: number;
}

/**
 * Token lengths in UTF-16 characters from their UTF-8 byte lengths, or null when
 * they do not add up to the text (a tokenizer that adds a leading space). A token
 * that ends inside a character (a byte-fallback piece) is merged into the next.
 */
export function tokenCharLengths(text: string, tokenBytes: readonly number[]): number[] | null {
  const total = tokenBytes.reduce((sum, n) => sum + n, 0);
  if (total !== utf8Length(text)) return null;
  const out: number[] = [];
  let charIndex = 0;
  let byteAtChar = 0;
  let tokenStartChar = 0;
  let byteEnd = 0;
  for (const bytes of tokenBytes) {
    byteEnd += bytes;
    // Walk whole characters while they end at or before this token's last byte.
    while (charIndex < text.length) {
      const code = text.codePointAt(charIndex) ?? 0;
      const width = utf8Width(code);
      if (byteAtChar + width > byteEnd) break;
      byteAtChar += width;
      charIndex += code > 0xffff ? 2 : 1;
    }
    if (byteAtChar === byteEnd) {
      out.push(charIndex - tokenStartChar);
      tokenStartChar = charIndex;
    } else {
      // Mid-character: this token's bytes count with the next one; a zero keeps the token count honest.
      out.push(0);
    }
  }
  return out;
}

/** A tokenizer-free estimate: about one token per 4 characters of a word, one per CJK character. */
export function estimateTokenLengths(text: string): number[] {
  const out: number[] = [];
  for (const match of text.matchAll(
    /\s*(?:[\u3000-\u9fff\uac00-\ud7af\uf900-\ufaff]|[^\s\u3000-\u9fff\uac00-\ud7af\uf900-\ufaff]{1,4})|\s+/gu,
  ))
    out.push(match[0].length);
  return out;
}

/**
 * Windows of `size` tokens, each sharing `overlap` tokens with the one before; a window ends at a line break or space
 * near its end where there is one.
 */
export function cutPassages(text: string, tokenLengths: readonly number[], options: CutOptions): PassageCut[] {
  const size = Math.max(1, Math.floor(options.size));
  const overlap = Math.max(0, Math.min(Math.floor(options.overlap), size - 1));
  const starts: number[] = [0];
  for (const length of tokenLengths) starts.push(starts[starts.length - 1]! + length);
  const n = tokenLengths.length;
  const out: PassageCut[] = [];
  let first = 0;
  while (first < n) {
    let last = Math.min(first + size, n);
    if (last < n) last = softEnd(text, starts, first, last, size);
    const start = starts[first]!;
    const end = starts[last]!;
    if (text.slice(start, end).trim() !== '') out.push({ start, end, tokens: last - first });
    if (last >= n) break;
    first = Math.max(first + 1, last - overlap);
  }
  return out;
}

// Back off to the last token starting with a line break (else a space) in the final fifth of the window.
function softEnd(text: string, starts: readonly number[], first: number, last: number, size: number): number {
  const floor = Math.max(first + 1, last - Math.floor(size / 5));
  let space = -1;
  for (let t = last; t >= floor; t--) {
    const ch = text[starts[t]!];
    if (ch === '\n') return t;
    if (space < 0 && (ch === ' ' || ch === '\t')) space = t;
  }
  return space > 0 ? space : last;
}

/** 1-based line numbers of the first and last character of [start, end). */
export function lineRange(
  lineStarts: readonly number[],
  start: number,
  end: number,
): { lineStart: number; lineEnd: number } {
  return { lineStart: lineAt(lineStarts, start), lineEnd: lineAt(lineStarts, Math.max(start, end - 1)) };
}

/** Offsets where each line begins. */
export function lineStartsOf(text: string): number[] {
  const out = [0];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) out.push(i + 1);
  return out;
}

function lineAt(lineStarts: readonly number[], offset: number): number {
  let lo = 0;
  let hi = lineStarts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (lineStarts[mid]! <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo + 1;
}

function utf8Width(code: number): number {
  return code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
}

function utf8Length(text: string): number {
  let total = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.codePointAt(i) ?? 0;
    total += utf8Width(code);
    if (code > 0xffff) i++;
  }
  return total;
}

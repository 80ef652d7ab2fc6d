// What the approval card shows of a command must be all of it: a character the
// eye cannot see (a zero-width space, a right-to-left override that reorders
// what follows, a carriage return that lets later text overwrite earlier text
// in a terminal, other control characters) is shown as a visible code, and each
// newline gets a ↵ so a second command on a second line is never mistaken for
// a wrapped first one. The codes themselves are ASCII, so once they stand in
// for the direction controls nothing is left that could reorder the text;
// the card also lays it out left to right with the bidi algorithm overridden
// (RevealedText.tsx), so right-to-left letters cannot move their neighbours.

// Direction controls: embeddings and overrides (LRE RLE PDF LRO RLO), isolates
// (LRI RLI FSI PDI), the marks (LRM RLM) and the Arabic letter mark.
const BIDI_RANGES: ReadonlyArray<readonly [number, number]> = [
  [0x061c, 0x061c],
  [0x200e, 0x200f],
  [0x202a, 0x202e],
  [0x2066, 0x2069],
];

// The rest: zero-width characters, soft hyphen, BOM, fillers, the C0/C1 controls
// other than tab and newline, the line and paragraph separators (a paragraph
// separator also restarts the bidi algorithm), format controls, and the tag
// characters and supplementary variation selectors, which carry text nobody
// sees. U+FE00–FE0F are left alone: emoji use them every day.
const INVISIBLE_RANGES: ReadonlyArray<readonly [number, number]> = [
  ...BIDI_RANGES,
  [0x00, 0x08],
  [0x0b, 0x1f],
  [0x7f, 0x9f],
  [0xad, 0xad],
  [0x034f, 0x034f],
  [0x115f, 0x1160],
  [0x17b4, 0x17b5],
  [0x180b, 0x180f],
  [0x200b, 0x200d],
  [0x2028, 0x2029],
  [0x2060, 0x2064],
  [0x206a, 0x206f],
  [0x3164, 0x3164],
  [0xfeff, 0xfeff],
  [0xffa0, 0xffa0],
  [0xfff9, 0xfffb],
  [0x1d173, 0x1d17a],
  [0xe0000, 0xe007f],
  [0xe0100, 0xe01ef],
];

const within = (ranges: ReadonlyArray<readonly [number, number]>, code: number) =>
  ranges.some(([from, to]) => code >= from && code <= to);

/** A character that changes the direction of the text around it. */
export function isBidiControl(code: number): boolean {
  return within(BIDI_RANGES, code);
}

function isInvisible(code: number): boolean {
  return within(INVISIBLE_RANGES, code);
}

/** Plain text, or one invisible character shown as its code (`⟦U+202E⟧`). */
export type RevealedPiece = { text: string } | { text: string; code: number; bidi: boolean };

export interface RevealOptions {
  /** end every line but the last with ↵ (default true; off for pretty-printed JSON, whose newlines are layout) */
  markNewlines?: boolean;
}

export interface RevealedPieces {
  pieces: RevealedPiece[];
  /** how many invisible characters were turned into codes */
  invisible: number;
  /** how many of them change the direction of text */
  bidi: number;
  lines: number;
}

export function revealPieces(text: string, options: RevealOptions = {}): RevealedPieces {
  const markNewlines = options.markNewlines ?? true;
  const pieces: RevealedPiece[] = [];
  let plain = '';
  let invisible = 0;
  let bidi = 0;
  let lines = 1;
  const flush = () => {
    if (plain !== '') pieces.push({ text: plain });
    plain = '';
  };
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0;
    if (ch === '\n') {
      lines++;
      plain += markNewlines ? '↵\n' : '\n';
      continue;
    }
    if (!isInvisible(code)) {
      plain += ch;
      continue;
    }
    flush();
    invisible++;
    if (isBidiControl(code)) bidi++;
    pieces.push({ text: `⟦U+${code.toString(16).toUpperCase().padStart(4, '0')}⟧`, code, bidi: isBidiControl(code) });
  }
  flush();
  return { pieces, invisible, bidi, lines };
}

export interface RevealedText {
  text: string;
  /** how many invisible characters were turned into codes */
  invisible: number;
  /** how many of them change the direction of text */
  bidi: number;
  lines: number;
}

export function revealInvisible(text: string, options: RevealOptions = {}): RevealedText {
  const { pieces, invisible, bidi, lines } = revealPieces(text, options);
  return { text: pieces.map((piece) => piece.text).join(''), invisible, bidi, lines };
}

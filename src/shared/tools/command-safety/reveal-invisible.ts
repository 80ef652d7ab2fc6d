// What the approval card shows of a command must be all of it: a character the
// eye cannot see (a zero-width space, a right-to-left override that reorders
// what follows, a carriage return that lets later text overwrite earlier text
// in a terminal, other control characters) is shown as a visible code, and each
// newline gets a ↵ so a second command on a second line is never mistaken for
// a wrapped first one.

// Zero-width and bidi controls, soft hyphen, BOM, fillers, and the C0/C1 controls other than tab and newline.
const INVISIBLE_RANGES: ReadonlyArray<readonly [number, number]> = [
  [0x00, 0x08],
  [0x0b, 0x1f],
  [0x7f, 0x9f],
  [0xad, 0xad],
  [0x061c, 0x061c],
  [0x115f, 0x1160],
  [0x17b4, 0x17b5],
  [0x180e, 0x180e],
  [0x200b, 0x200f],
  [0x202a, 0x202e],
  [0x2060, 0x2064],
  [0x2066, 0x206f],
  [0x3164, 0x3164],
  [0xfeff, 0xfeff],
  [0xffa0, 0xffa0],
  [0xfff9, 0xfffb],
];

function isInvisible(code: number): boolean {
  return INVISIBLE_RANGES.some(([from, to]) => code >= from && code <= to);
}

export interface RevealedText {
  text: string;
  /** how many invisible characters were turned into codes */
  invisible: number;
  lines: number;
}

export function revealInvisible(text: string): RevealedText {
  let invisible = 0;
  let shown = '';
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0;
    if (!isInvisible(code)) {
      shown += ch;
      continue;
    }
    invisible++;
    shown += `⟦U+${code.toString(16).toUpperCase().padStart(4, '0')}⟧`;
  }
  const lines = shown.split('\n');
  return { text: lines.map((line, index) => (index < lines.length - 1 ? `${line}↵` : line)).join('\n'), invisible, lines: lines.length };
}

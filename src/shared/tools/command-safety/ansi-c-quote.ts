// Bash's `$'…'` quoting, decoded the way bash does, so that `$'\x72\x6d' -rf /`
// reads as `rm -rf /` and not as an unknown program.

const SIMPLE: Record<string, string> = {
  a: '\x07',
  b: '\b',
  e: '\x1b',
  E: '\x1b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
  v: '\v',
  '\\': '\\',
  "'": "'",
  '"': '"',
  '?': '?',
};

/** Decodes from just after `$'` to the closing quote; `end` is the index after it (or the line's length). */
export function readAnsiCQuote(src: string, start: number): { text: string; end: number } {
  let text = '';
  let i = start;
  while (i < src.length && src[i] !== "'") {
    const c = src[i] as string;
    if (c !== '\\' || i + 1 >= src.length) {
      text += c;
      i++;
      continue;
    }
    const n = src[i + 1] as string;
    i += 2;
    if (n in SIMPLE) {
      text += SIMPLE[n];
      continue;
    }
    const numeric = numericEscape(src, i, n);
    if (numeric) {
      text += numeric.text;
      i = numeric.end;
      continue;
    }
    if (n === 'c' && i < src.length) {
      // \cX: the control character of X.
      text += String.fromCharCode(src.charCodeAt(i) & 0x1f);
      i++;
      continue;
    }
    text += `\\${n}`;
  }
  return { text, end: Math.min(i + 1, src.length) };
}

function numericEscape(src: string, at: number, kind: string): { text: string; end: number } | null {
  if (/[0-7]/.test(kind)) {
    const digits = kind + (/^[0-7]{0,2}/.exec(src.slice(at, at + 2))?.[0] ?? '');
    return { text: String.fromCharCode(parseInt(digits, 8) & 0xff), end: at + digits.length - 1 };
  }
  const widths: Record<string, number> = { x: 2, u: 4, U: 8 };
  const width = widths[kind];
  if (width === undefined) return null;
  const hex = new RegExp(`^[0-9a-fA-F]{1,${width}}`).exec(src.slice(at, at + width))?.[0];
  if (!hex) return null;
  const code = parseInt(hex, 16);
  return { text: code <= 0x10ffff ? String.fromCodePoint(code) : '', end: at + hex.length };
}

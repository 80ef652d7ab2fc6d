// How the Model info page writes a model's figures: parameter counts (4.18 M,
// 7.62 B), tensor shapes, shares, and tokens with their invisible characters made
// visible. Pure and language-neutral; the sentences around them are in i18n.
import { formatCount } from '../../lib/format';

/** 4_178_016 → "4.18 M", 70_553_706_496 → "70.6 B", 249_280 → "249 K", 950 → "950". */
export function formatParameters(n: number): string {
  const units: Array<[number, string]> = [
    [1e12, 'T'],
    [1e9, 'B'],
    [1e6, 'M'],
    [1e3, 'K'],
  ];
  // Three significant digits, as model cards write them.
  for (const [size, unit] of units)
    if (n >= size) return `${(n / size).toFixed(n / size >= 100 ? 0 : n / size >= 10 ? 1 : 2)} ${unit}`;
  return formatCount(n);
}

/** ggml's ne[] innermost first, as gguf-dump prints it: "64 × 32000". */
export function dimsText(dims: readonly number[]): string {
  return dims.map((d) => String(d)).join(' × ');
}

/** part / whole as "12.5%", "<0.1%" for a sliver, "0%" for nothing. */
export function percentText(part: number, whole: number): string {
  if (whole <= 0 || part <= 0) return '0%';
  const percent = (part / whole) * 100;
  return percent < 0.1 ? '<0.1%' : `${percent.toFixed(percent >= 10 ? 0 : 1)}%`;
}

const ESCAPES: Record<string, string> = { ' ': '␣', '\n': '\\n', '\t': '\\t', '\r': '\\r' };

/**
 * A token as text a person can see: spaces as ␣, newlines and tabs as \n and \t,
 * other control characters as \xNN. SentencePiece's ▁ and GPT-2's Ġ are already visible.
 */
export function visibleToken(text: string): string {
  if (text === '') return '∅';
  let out = '';
  for (const ch of text) {
    const code = ch.charCodeAt(0);
    if (code > 0x20 && code !== 0x7f) out += ch;
    else out += ESCAPES[ch] ?? `\\x${code.toString(16).padStart(2, '0')}`;
  }
  return out;
}

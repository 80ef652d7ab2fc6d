// Numbers that people type (form fields) or set (environment variables, CLI
// arguments) are read strictly, as plain decimal text. `Number()` reads '0x50'
// as 80, '1e3' as 1000, '0b11' as 3, '' as 0 and ' 12 ' as 12, and
// `parseInt('12abc')` as 12: each turns a typo or a paste into some other
// setting, silently. Here every one of those is an error that says what was wrong.
// Spaces around the digits are an error too, with their own code, so a form can
// say "remove the spaces" instead of a puzzling "not a number".

/** Why text is not the number asked for. */
export type NumberProblem = 'empty' | 'spaces' | 'not_integer' | 'not_decimal' | 'too_small' | 'too_big';

export interface NumberRange {
  min?: number;
  max?: number;
}

export type StrictNumber = { ok: true; value: number } | { ok: false; problem: NumberProblem; range: NumberRange };

const INTEGER = /^-?\d+$/;
// No exponent, no hex, no leading '+', no trailing '.': what a person writes for 0.5 or 12.
const DECIMAL = /^-?(?:\d+(?:\.\d+)?|\.\d+)$/;

/** A whole number in decimal digits (an optional leading '-'), inside `range`. */
export function parseStrictInteger(text: string, range: NumberRange = {}): StrictNumber {
  return parseWith(text, INTEGER, 'not_integer', range);
}

/** A decimal number such as 12, 0.5 or .5 (no exponent), inside `range`. */
export function parseStrictDecimal(text: string, range: NumberRange = {}): StrictNumber {
  return parseWith(text, DECIMAL, 'not_decimal', range);
}

function parseWith(text: string, pattern: RegExp, notNumber: NumberProblem, range: NumberRange): StrictNumber {
  if (text.trim() === '') return { ok: false, problem: 'empty', range };
  if (text !== text.trim()) return { ok: false, problem: pattern.test(text.trim()) ? 'spaces' : notNumber, range };
  if (!pattern.test(text)) return { ok: false, problem: notNumber, range };
  const value = Number(text) + 0; // + 0 turns '-0' into 0
  if (range.min !== undefined && value < range.min) return { ok: false, problem: 'too_small', range };
  if (range.max !== undefined && value > range.max) return { ok: false, problem: 'too_big', range };
  return { ok: true, value };
}

/**
 * An integer setting read from an environment variable or a CLI argument, or an error naming both the variable and the
 * bad value.
 */
export function parseIntegerSetting(
  name: string,
  text: string,
  range: Required<NumberRange>,
):
  | { ok: true; value: number }
  | { ok: false; error: { code: 'bad_request'; message: string; details: Record<string, unknown> } } {
  const parsed = parseStrictInteger(text, range);
  if (parsed.ok) return parsed;
  const message = `${name} must be a whole number from ${range.min} to ${range.max} in decimal digits, got ${JSON.stringify(text)}`;
  return {
    ok: false,
    error: { code: 'bad_request', message, details: { name, value: text, problem: parsed.problem, ...range } },
  };
}

/**
 * A number as plain decimal text, never with an exponent (String(1e-7) is '1e-7', which parseStrictDecimal refuses).
 */
export function plainDecimal(value: number): string {
  const text = String(value);
  if (!/e/i.test(text)) return text;
  return value.toFixed(20).replace(/\.?0+$/, '');
}

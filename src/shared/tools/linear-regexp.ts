// Patterns that come from outside (an MCP server's tool schema, a model) never
// run on V8's backtracking engine: `^(a|a)+$` on 26 characters takes ~1 s there,
// and doubles with each one more. RE2's engine (re2js, pure JS) matches in time
// linear in the input, whatever the pattern. A pattern RE2 cannot express
// (look-around, back-references) is not enforced rather than run unsafely.
import { RE2JS } from 're2js';

/** The subset of RegExp that ajv (and our own callers) use. */
export interface LinearRegExp {
  test(text: string): boolean;
}

/** Compiles with RE2; null when the pattern uses a feature RE2 does not have. */
export function compileLinear(pattern: string, flags = ''): LinearRegExp | null {
  let flagBits = 0;
  if (flags.includes('i')) flagBits |= RE2JS.CASE_INSENSITIVE;
  if (flags.includes('m')) flagBits |= RE2JS.MULTILINE;
  if (flags.includes('s')) flagBits |= RE2JS.DOTALL;
  try {
    const re = RE2JS.compile(pattern, flagBits);
    return { test: (text) => re.matcher(text).find() };
  } catch {
    return null;
  }
}

/** For ajv's `code.regExp` option: every `pattern` keyword compiled by RE2. */
export function ajvLinearRegExp(pattern: string, flags: string): LinearRegExp {
  return compileLinear(pattern, flags) ?? { test: () => true };
}
// ajv names the function in generated code only for standalone output, which we do not use.
ajvLinearRegExp.code = 'ajvLinearRegExp';

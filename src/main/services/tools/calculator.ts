// calculator: math.js in a limited instance, following math.js's own security
// advice — the functions that reach the parser, the type system or the
// instance's configuration are replaced by ones that throw, so an expression
// can compute but cannot extend or re-enter the evaluator. Runaway
// expressions are stopped by the worker's time limit, not here.
import { all, create, type FactoryFunctionMap, type MathJsInstance } from 'mathjs';
import { capOutput } from '@shared/tools/output-cap';
import { TOOL_LIMITS } from '@shared/tools/tool-limits';
import { toolError } from '@shared/tools/tool-types';
import { failed, type ToolOutput } from './tool-executor';

export const DISABLED_FUNCTIONS = [
  'import',
  'createUnit',
  'reviver',
  'evaluate',
  'parse',
  'compile',
  'parser',
  'simplify',
  'simplifyConstant',
  'simplifyCore',
  'rationalize',
  'derivative',
  'resolve',
  'symbolicEqual',
  'leafCount',
  'chain',
  'config',
] as const;

/** An evaluator over a locked-down math.js instance; build it once per worker. */
export function createCalculator(): (expression: string) => ToolOutput {
  const math = create(all as FactoryFunctionMap);
  const evaluate = math.evaluate.bind(math);
  const disabled = Object.fromEntries(
    DISABLED_FUNCTIONS.map((name) => [
      name,
      () => {
        throw new Error(`function ${name} is disabled in the calculator`);
      },
    ]),
  );
  // format(2, {precision: 1e9}) asks V8 for a billion-digit string and kills the worker with a fatal error.
  const format = math.format.bind(math) as (...args: unknown[]) => string;
  const print = math.print.bind(math) as (...args: unknown[]) => string;
  const bounded = {
    format: (...args: unknown[]) => format(...args.map((arg, index) => (index === 1 ? checkedPrecision(arg) : arg))),
    print: (...args: unknown[]) => print(...args.map((arg, index) => (index === 2 ? checkedPrecision(arg) : arg))),
  };
  math.import({ ...disabled, ...bounded }, { override: true });

  return (expression) => {
    try {
      // A fresh scope per call: a reused worker must not remember `x = 5` from another conversation.
      const result: unknown = evaluate(expression, new Map());
      const text = formatResult(math, result);
      return { status: 'ok', output: capOutput(text, TOOL_LIMITS.maxOutputChars).text, details: { expression } };
    } catch (error) {
      return failed(toolError('math_error', `${(error as Error).message} (in "${expression.slice(0, 200)}")`));
    }
  };
}

const MAX_PRECISION = 1_000;

/** A precision (a number, or `{ precision }`) above MAX_PRECISION is refused before it runs. */
function checkedPrecision(options: unknown): unknown {
  const precision =
    typeof options === 'number'
      ? options
      : typeof options === 'object' && options !== null
        ? (options as { precision?: unknown }).precision
        : undefined;
  if (typeof precision === 'number' && !(precision <= MAX_PRECISION))
    throw new Error(`precision must be at most ${MAX_PRECISION} digits`);
  return options;
}

function formatResult(math: MathJsInstance, result: unknown): string {
  // Several statements ("a = 2; a * 3") give a ResultSet; the last value is the answer.
  if (
    result &&
    typeof result === 'object' &&
    'entries' in result &&
    Array.isArray((result as { entries: unknown[] }).entries)
  ) {
    const entries = (result as { entries: unknown[] }).entries;
    return entries.length === 0 ? '(no result)' : formatResult(math, entries[entries.length - 1]);
  }
  if (typeof result === 'function')
    return 'a function was defined; call it in the same expression, e.g. "f(x) = x^2; f(3)"';
  if (result === undefined) return '(no result)';
  return math.format(result, { precision: 14, lowerExp: -9, upperExp: 15 });
}

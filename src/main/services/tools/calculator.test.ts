import { describe, expect, it } from 'vitest';
import { createCalculator, DISABLED_FUNCTIONS } from './calculator';

const calc = createCalculator();

describe('calculator', () => {
  it.each([
    ['1 + 1', '2'],
    ['sqrt(2) * 3', '4.2426406871193'],
    ['0.1 + 0.2', '0.3'],
    ['5 inch to cm', '12.7 cm'],
    ['12 km/h to m/s', '3.3333333333333 m / s'],
    ['det([1, 2; 3, 4])', '-2'],
    ['bignumber("1e500") * 2', '2e+500'],
    ['fraction(1, 3) + fraction(1, 6)', '1/2'],
    ['a = 2; a * 3', '6'],
    ['f(x) = x^2; f(3)', '9'],
    ['10!', '3628800'],
  ])('%s = %s', (expression, expected) => {
    expect(calc(expression)).toMatchObject({ status: 'ok', output: expected });
  });

  it.each(DISABLED_FUNCTIONS.filter((name) => name !== 'chain' && name !== 'reviver'))(
    'refuses %s inside expressions',
    (name) => {
      const result = calc(`${name}("1 + 1")`);
      expect(result.status).toBe('error');
      expect(result.error?.code).toBe('math_error');
    },
  );

  it('reports errors with the expression', () => {
    expect(calc('foo(')).toMatchObject({
      status: 'error',
      error: { code: 'math_error', message: expect.stringContaining('"foo("') },
    });
    expect(calc('undefinedSymbol + 1').error?.message).toContain('Undefined symbol');
  });

  it('does not remember variables between calls', () => {
    expect(calc('leak = 41').status).toBe('ok');
    expect(calc('leak + 1').status).toBe('error');
  });
});

describe('calculator limits', () => {
  // Before: format(2, {precision: 1e9}) asked V8 for a billion-digit string and the worker died with a fatal error.
  it('refuses a huge precision before it runs, and keeps ordinary format and print working', () => {
    const calc = createCalculator();
    for (const expression of ['format(2, {precision: 1e9})', 'format(pi, 1e6)', 'print("$x", {x: pi}, 1e8)']) {
      expect(calc(expression)).toMatchObject({
        status: 'error',
        error: { code: 'math_error', message: expect.stringContaining('precision must be at most 1000') },
      });
    }
    expect(calc('format(1/3, {precision: 5})')).toMatchObject({ status: 'ok', output: '"0.33333"' });
    expect(calc('print("x=$x", {x: 2})')).toMatchObject({ status: 'ok', output: '"x=2"' });
  });
});

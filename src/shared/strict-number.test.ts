import { describe, expect, it } from 'vitest';
import { parseIntegerSetting, parseStrictDecimal, parseStrictInteger, plainDecimal } from './strict-number';

describe('parseStrictInteger', () => {
  it.each([
    ['80', 80],
    ['0', 0],
    ['-0', 0],
    ['0080', 80],
    ['-12', -12],
  ])('%j → %d', (text, value) => {
    expect(parseStrictInteger(text)).toEqual({ ok: true, value });
  });

  it.each([
    ['', 'empty'],
    ['   ', 'empty'],
    [' 12 ', 'spaces'],
    ['12\n', 'spaces'],
    ['0x50', 'not_integer'],
    ['1e3', 'not_integer'],
    ['0b11', 'not_integer'],
    ['0o17', 'not_integer'],
    ['12abc', 'not_integer'],
    ['1.5', 'not_integer'],
    ['+4', 'not_integer'],
    ['1_000', 'not_integer'],
    ['Infinity', 'not_integer'],
    ['١٢', 'not_integer'],
    [' 1e3 ', 'not_integer'],
  ])('%j is refused as %s', (text, problem) => {
    expect(parseStrictInteger(text)).toMatchObject({ ok: false, problem });
  });

  it('checks the range', () => {
    expect(parseStrictInteger('-1', { min: 0 })).toMatchObject({ ok: false, problem: 'too_small' });
    expect(parseStrictInteger('65536', { max: 65535 })).toMatchObject({ ok: false, problem: 'too_big' });
    expect(parseStrictInteger('99999999999999999999999', { max: 65535 })).toMatchObject({
      ok: false,
      problem: 'too_big',
    });
  });
});

describe('parseStrictDecimal', () => {
  it('takes plain decimals only', () => {
    expect(parseStrictDecimal('0.5')).toEqual({ ok: true, value: 0.5 });
    expect(parseStrictDecimal('.5')).toEqual({ ok: true, value: 0.5 });
    expect(parseStrictDecimal('-1')).toEqual({ ok: true, value: -1 });
    for (const text of ['1e-3', '0x1', '1.', '1.2.3', 'NaN', '-', '.'])
      expect(parseStrictDecimal(text), text).toMatchObject({ ok: false, problem: 'not_decimal' });
    expect(parseStrictDecimal(' 0.5')).toMatchObject({ ok: false, problem: 'spaces' });
  });
});

describe('parseIntegerSetting', () => {
  const port = (text: string) => parseIntegerSetting('EVA_PORT', text, { min: 0, max: 65535 });

  it('accepts a decimal port', () => {
    expect(port('8080')).toEqual({ ok: true, value: 8080 });
  });

  it.each(['0x50', '1e3', '80abc', ' 80', '-1', '65536', 'eighty'])(
    'names the variable and the bad value %j',
    (text) => {
      const result = port(text);
      expect(result.ok).toBe(false);
      if (result.ok) return;
      expect(result.error.code).toBe('bad_request');
      expect(result.error.message).toContain('EVA_PORT');
      expect(result.error.message).toContain(JSON.stringify(text));
      expect(result.error.message).toContain('0 to 65535');
    },
  );
});

describe('plainDecimal', () => {
  it('never writes an exponent', () => {
    expect(plainDecimal(0.6)).toBe('0.6');
    expect(plainDecimal(4096)).toBe('4096');
    expect(plainDecimal(1e-7)).toBe('0.0000001');
    expect(parseStrictDecimal(plainDecimal(1.5e-9))).toEqual({ ok: true, value: 1.5e-9 });
  });
});

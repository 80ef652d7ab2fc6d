import { describe, expect, it } from 'vitest';
import { dimsText, formatParameters, percentText, visibleToken } from './model-info-words';

describe('model info words', () => {
  it('write parameter counts with three significant digits', () => {
    expect([950, 249_280, 4_178_240, 70_553_706_496, 1_000_000_000_000].map(formatParameters)).toEqual([
      '950',
      '249 K',
      '4.18 M',
      '70.6 B',
      '1.00 T',
    ]);
  });

  it('write shapes innermost first and shares with a floor for slivers', () => {
    expect(dimsText([64, 32000])).toBe('64 × 32000');
    expect([percentText(1, 4), percentText(1, 10_000), percentText(0, 5), percentText(3, 0)]).toEqual([
      '25%',
      '<0.1%',
      '0%',
      '0%',
    ]);
    expect(percentText(99, 2048)).toBe('4.8%');
  });

  it('make invisible characters of a token visible, and leave ▁ and Ġ as they are', () => {
    expect(visibleToken(' the\n\t\r\u0000')).toBe('␣the\\n\\t\\r\\x00');
    expect(visibleToken('▁the')).toBe('▁the');
    expect(visibleToken('Ġworld')).toBe('Ġworld');
    expect(visibleToken('')).toBe('∅');
  });
});

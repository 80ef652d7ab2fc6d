import { describe, expect, it } from 'vitest';
import { truncateOutput } from './truncate-output';

const lines = (n: number): string => Array.from({ length: n }, (_, i) => `line ${i + 1}`).join('\n');

describe('truncateOutput', () => {
  it('leaves short text alone', () => {
    expect(truncateOutput('42')).toEqual({ text: '42', truncated: false, hiddenLines: 0, hiddenChars: 0 });
    expect(truncateOutput(`${lines(12)}\n`)).toMatchObject({ truncated: false });
    expect(truncateOutput('')).toMatchObject({ text: '', truncated: false });
  });

  it('keeps the first lines and counts what is hidden', () => {
    const result = truncateOutput(lines(30), 12, 10_000);
    expect(result.text).toBe(lines(12));
    expect(result).toMatchObject({ truncated: true, hiddenLines: 18 });
    expect(result.hiddenChars).toBe(lines(30).length - lines(12).length - 1);
  });

  it('counts a trailing newline as no extra line', () => {
    expect(truncateOutput(`${lines(5)}\n`, 2, 10_000)).toMatchObject({ text: lines(2), hiddenLines: 3 });
  });

  it('cuts long lines by characters, at a line end when one is near', () => {
    const long = 'x'.repeat(5000);
    expect(truncateOutput(long, 12, 1200)).toMatchObject({
      text: 'x'.repeat(1200),
      truncated: true,
      hiddenLines: 1,
      hiddenChars: 3800,
    });
    const text = `${'a'.repeat(900)}\n${'b'.repeat(900)}\n`;
    expect(truncateOutput(text, 12, 1200)).toMatchObject({ text: 'a'.repeat(900), hiddenLines: 1, hiddenChars: 901 });
  });

  it('refuses nonsense limits', () => {
    expect(() => truncateOutput('a', 0)).toThrow(/maxLines/);
    expect(() => truncateOutput('a', 3, 1.5)).toThrow(/maxChars/);
  });
});

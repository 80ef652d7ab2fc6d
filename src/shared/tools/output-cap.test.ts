import { describe, expect, it } from 'vitest';
import { capOutput, OutputCollector } from './output-cap';

describe('output cap', () => {
  it('leaves short output alone', () => {
    expect(capOutput('hello', 10)).toEqual({ text: 'hello', truncated: false, omittedChars: 0, totalChars: 5 });
    expect(capOutput('0123456789', 10).truncated).toBe(false);
  });

  it('keeps head and tail with the omitted count', () => {
    const result = capOutput('a'.repeat(10) + 'b'.repeat(100) + 'c'.repeat(10), 20);
    expect(result.text).toBe(`${'a'.repeat(10)}\n[… 100 chars omitted …]\n${'c'.repeat(10)}`);
    expect(result).toMatchObject({ truncated: true, omittedChars: 100, totalChars: 120 });
  });

  it('gives the same answer when the text arrives in many chunks, with bounded memory', () => {
    const text = Array.from({ length: 5000 }, (_, i) => `line ${i}\n`).join('');
    const collector = new OutputCollector(30_000);
    for (let i = 0; i < text.length; i += 7) collector.push(text.slice(i, i + 7));
    expect(collector.result()).toEqual(capOutput(text, 30_000));
    const big = new OutputCollector(100);
    for (let i = 0; i < 10_000; i++) big.push('x'.repeat(1000));
    const result = big.result();
    expect(result.omittedChars).toBe(10_000_000 - 100);
    expect(result.text.length).toBeLessThan(200);
  });
});

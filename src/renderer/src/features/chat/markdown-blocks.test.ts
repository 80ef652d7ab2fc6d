import { describe, expect, it } from 'vitest';
import { normalizeMathDelimiters, splitMarkdownBlocks } from './markdown-blocks';

describe('splitMarkdownBlocks', () => {
  it('splits paragraphs at blank lines', () => {
    expect(splitMarkdownBlocks('# Title\n\nfirst\nstill first\n\n\nsecond')).toEqual([
      '# Title',
      'first\nstill first',
      'second',
    ]);
  });

  it('keeps fenced code with blank lines inside in one block', () => {
    const text = 'intro\n\n```py\ndef f():\n\n    return 1\n```\n\nafter';
    expect(splitMarkdownBlocks(text)).toEqual(['intro', '```py\ndef f():\n\n    return 1\n```', 'after']);
  });

  it('keeps an unclosed fence (still streaming) open to the end', () => {
    expect(splitMarkdownBlocks('a\n\n~~~\nx\n\ny')).toEqual(['a', '~~~\nx\n\ny']);
  });

  it('keeps $$ math blocks whole', () => {
    expect(splitMarkdownBlocks('$$\na\n\nb\n$$\n\nc')).toEqual(['$$\na\n\nb\n$$', 'c']);
  });

  it('keeps indented continuations with their list item', () => {
    expect(splitMarkdownBlocks('1. step\n\n    - sub\n\n2. next\n\ndone')).toEqual([
      '1. step\n\n    - sub',
      '2. next',
      'done',
    ]);
  });

  it('does not close the last block on a trailing blank line, since more may come', () => {
    expect(splitMarkdownBlocks('a\n\nb\n\n')).toEqual(['a', 'b\n\n']);
    expect(splitMarkdownBlocks('')).toEqual(['']);
  });

  it('earlier blocks stay the same as text is appended', () => {
    const early = splitMarkdownBlocks('para one\n\npara tw');
    const later = splitMarkdownBlocks('para one\n\npara two\n\n- item');
    expect(later[0]).toBe(early[0]);
  });
});

describe('normalizeMathDelimiters', () => {
  it('rewrites \\( \\) and \\[ \\] to dollars', () => {
    expect(normalizeMathDelimiters('so \\( x^2 \\) and \\[\\frac{1}{2}\\]')).toBe('so $x^2$ and $$\\frac{1}{2}$$');
  });

  it('makes a line of $$…$$ (or \\[…\\]) display math, and leaves inline $$ inside text', () => {
    expect(normalizeMathDelimiters('$$\\int_0^1 x\\,dx$$')).toBe('$$\n\\int_0^1 x\\,dx\n$$');
    expect(normalizeMathDelimiters('\\[a+b\\]')).toBe('$$\na+b\n$$');
    expect(normalizeMathDelimiters('so $$a$$ inline')).toBe('so $$a$$ inline');
    expect(normalizeMathDelimiters('$$\na\n$$')).toBe('$$\na\n$$');
  });

  it('leaves code alone', () => {
    expect(normalizeMathDelimiters('`\\(x\\)` but \\(y\\)')).toBe('`\\(x\\)` but $y$');
    expect(normalizeMathDelimiters('```\n\\(x\\)\n```')).toBe('```\n\\(x\\)\n```');
  });
});

// Quadratic work on these inputs would outlast the test's timeout; linear work takes well under a second.
describe('markdown blocks on hostile input', () => {
  it('streams 100k newlines in linear time per update', () => {
    let text = 'An answer that goes blank:\n';
    for (let chunk = 0; chunk < 20; chunk++) {
      text += '\n'.repeat(5_000);
      const blocks = splitMarkdownBlocks(text);
      expect(blocks.join('\n\n').trim()).toBe('An answer that goes blank:');
    }
    expect(splitMarkdownBlocks(`a${'\n'.repeat(100_000)}b`)).toEqual(['a', 'b']);
  });

  it('normalises math in linear time: a long $$ line, unclosed \\[ and \\( by the thousand', () => {
    expect(normalizeMathDelimiters(`$$${'x'.repeat(200_000)}`)).toBe(`$$${'x'.repeat(200_000)}`);
    const opens = '\\[ a '.repeat(50_000);
    expect(normalizeMathDelimiters(opens)).toBe(opens);
    const parens = '\\( b '.repeat(50_000);
    expect(normalizeMathDelimiters(parens)).toBe(parens);
    const spaces = `$$ x ${' '.repeat(100_000)}y`;
    expect(normalizeMathDelimiters(spaces)).toBe(spaces);
    expect(normalizeMathDelimiters('  $$ x^2 $$  ')).toBe('  $$\n  x^2\n  $$');
  });
});

import { describe, expect, it } from 'vitest';
import { MAX_PIECE_CHARS, ttsLanguageFor, ttsPieces } from './neural-text';

describe('what the neural voice is asked to say', () => {
  it('keeps a sentence whole when it is short, and cuts a long one after a comma or at a space', () => {
    expect(ttsPieces('  Hello there.  ')).toEqual(['Hello there.']);
    const long = `${'alpha '.repeat(20)}beta, ${'gamma '.repeat(30)}end.`;
    const pieces = ttsPieces(long);
    expect(pieces[0]).toMatch(/beta,$/);
    expect(pieces.every((piece) => piece.length <= MAX_PIECE_CHARS)).toBe(true);
    expect(pieces.join(' ').replace(/\s+/g, ' ')).toBe(long.replace(/\s+/g, ' '));
  });

  it('cuts a run without spaces (Chinese) after its comma, and one without any break where it must', () => {
    const chinese = `${'好'.repeat(150)}，${'的'.repeat(100)}。`;
    expect(ttsPieces(chinese)).toEqual([`${'好'.repeat(150)}，`, `${'的'.repeat(100)}。`]);
    expect(ttsPieces('x'.repeat(450), 200).map((piece) => piece.length)).toEqual([200, 200, 50]);
  });

  it("speaks each piece in the chosen language, or with 'auto' in its script's", () => {
    expect(ttsLanguageFor('Guten Tag.', 'de')).toBe('de');
    expect(ttsLanguageFor('你好。', 'auto')).toBe('zh');
    expect(ttsLanguageFor('こんにちは。', 'auto')).toBe('ja');
    expect(ttsLanguageFor('Hello.', 'auto')).toBe('en');
  });
});

import { describe, expect, it } from 'vitest';
import { isBidiControl, revealInvisible, revealPieces } from './reveal-invisible';

describe('revealInvisible', () => {
  it('shows zero-width, bidi and control characters as codes, and marks every newline', () => {
    expect(revealInvisible('ls\u200b -la')).toEqual({ text: 'ls⟦U+200B⟧ -la', invisible: 1, bidi: 0, lines: 1 });
    // A right-to-left override can make `rm -rf ~/x` read as something harmless.
    expect(revealInvisible('echo \u202efdp.x\u202c').text).toBe('echo ⟦U+202E⟧fdp.x⟦U+202C⟧');
    expect(revealInvisible('echo safe\rrm -rf ~').text).toBe('echo safe⟦U+000D⟧rm -rf ~');
    expect(revealInvisible('echo ok\nrm -rf ~')).toEqual({
      text: 'echo ok↵\nrm -rf ~',
      invisible: 0,
      bidi: 0,
      lines: 2,
    });
    expect(revealInvisible('a\tb €')).toEqual({ text: 'a\tb €', invisible: 0, bidi: 0, lines: 1 });
  });

  it('counts every direction control apart: embeddings, overrides, isolates and marks', () => {
    const controls = [0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069, 0x200e, 0x200f, 0x061c];
    const text = controls.map((code) => `x${String.fromCodePoint(code)}`).join('');
    const revealed = revealInvisible(text);
    expect(revealed).toMatchObject({ invisible: 12, bidi: 12 });
    expect(revealed.text).toBe(
      controls.map((code) => `x⟦U+${code.toString(16).toUpperCase().padStart(4, '0')}⟧`).join(''),
    );
    expect(revealed.text).not.toMatch(/[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/);
    for (const code of controls) expect(isBidiControl(code)).toBe(true);
    for (const code of [0x200b, 0x41, 0x05d0, 0x0627]) expect(isBidiControl(code)).toBe(false);
  });

  it('also reveals line and paragraph separators, tag characters and other hidden carriers, but not emoji selectors or RTL letters', () => {
    // Tag characters spell ASCII nobody sees ("rm" here); U+2029 restarts the bidi algorithm mid-line.
    expect(revealInvisible('echo hi\u{e0072}\u{e006d}').text).toBe('echo hi⟦U+E0072⟧⟦U+E006D⟧');
    expect(revealInvisible('a\u2028b\u2029c\u034fd\u{e0101}e\u{1d173}f').text).toBe(
      'a⟦U+2028⟧b⟦U+2029⟧c⟦U+034F⟧d⟦U+E0101⟧e⟦U+1D173⟧f',
    );
    expect(revealInvisible('echo ❤️ שלום مرحبا').invisible).toBe(0);
  });

  it('leaves newlines unmarked on request (pretty-printed JSON)', () => {
    expect(revealInvisible('{\n  "a": "b\u202e"\n}', { markNewlines: false })).toEqual({
      text: '{\n  "a": "b⟦U+202E⟧"\n}',
      invisible: 1,
      bidi: 1,
      lines: 3,
    });
  });
});

describe('revealPieces', () => {
  it('splits the text into plain runs and one piece per invisible character, which together read as revealInvisible', () => {
    const text = 'cat \u202etxt.exe\u202c\nok';
    expect(revealPieces(text).pieces).toEqual([
      { text: 'cat ' },
      { text: '⟦U+202E⟧', code: 0x202e, bidi: true },
      { text: 'txt.exe' },
      { text: '⟦U+202C⟧', code: 0x202c, bidi: true },
      { text: '↵\nok' },
    ]);
    expect(
      revealPieces(text)
        .pieces.map((piece) => piece.text)
        .join(''),
    ).toBe(revealInvisible(text).text);
    expect(revealPieces('a\u200bb').pieces[1]).toEqual({ text: '⟦U+200B⟧', code: 0x200b, bidi: false });
  });
});

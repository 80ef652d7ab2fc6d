import { describe, expect, it } from 'vitest';
import { allowsColour, paint } from './terminal-colour';

describe('allowsColour', () => {
  it.each([
    ['a terminal', true, {}, true],
    ['a pipe', false, {}, false],
    ['a terminal with NO_COLOR', true, { NO_COLOR: '1' }, false],
    ['a terminal with an empty NO_COLOR', true, { NO_COLOR: '' }, true],
    ['a dumb terminal', true, { TERM: 'dumb' }, false],
    ['a pipe with FORCE_COLOR', false, { FORCE_COLOR: '1' }, true],
    ['a terminal with FORCE_COLOR=0', true, { FORCE_COLOR: '0' }, false],
    ['a terminal with FORCE_COLOR=false', true, { FORCE_COLOR: 'false' }, false],
    ['FORCE_COLOR and NO_COLOR both', false, { FORCE_COLOR: '1', NO_COLOR: '1' }, true],
  ])('%s', (_name, isTTY, env, expected) => {
    expect(allowsColour({ isTTY }, env)).toBe(expected);
  });
});

describe('paint', () => {
  it('wraps the text in a colour and resets only the foreground, or leaves it as it is', () => {
    expect(paint('+a', 'green', true)).toBe('\u001b[32m+a\u001b[39m');
    expect(paint('+a', 'green', false)).toBe('+a');
  });
});

import { describe, expect, it } from 'vitest';
import { revealInvisible } from './reveal-invisible';

describe('revealInvisible', () => {
  it('shows zero-width, bidi and control characters as codes, and marks every newline', () => {
    expect(revealInvisible('ls\u200b -la')).toEqual({ text: 'ls⟦U+200B⟧ -la', invisible: 1, lines: 1 });
    // A right-to-left override can make `rm -rf ~/x` read as something harmless.
    expect(revealInvisible('echo \u202efdp.x\u202c').text).toBe('echo ⟦U+202E⟧fdp.x⟦U+202C⟧');
    expect(revealInvisible('echo safe\rrm -rf ~').text).toBe('echo safe⟦U+000D⟧rm -rf ~');
    expect(revealInvisible('echo ok\nrm -rf ~')).toEqual({ text: 'echo ok↵\nrm -rf ~', invisible: 0, lines: 2 });
    expect(revealInvisible('a\tb €')).toEqual({ text: 'a\tb €', invisible: 0, lines: 1 });
  });
});

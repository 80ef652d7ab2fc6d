import { describe, expect, it } from 'vitest';
import { parseSlash } from './slash-commands';

describe('eva chat slash commands', () => {
  it('reads each command and its argument', () => {
    expect(parseSlash('/quit')).toEqual({ kind: 'quit' });
    expect(parseSlash('/continue')).toEqual({ kind: 'continue' });
    expect(parseSlash('/compact')).toEqual({ kind: 'compact' });
    expect(parseSlash('/exit')).toEqual({ kind: 'quit' });
    expect(parseSlash('/system   Be brief, please ')).toEqual({ kind: 'system', text: 'Be brief, please' });
    expect(parseSlash('/system')).toEqual({ kind: 'system', text: null });
    expect(parseSlash('/temp 0.2')).toEqual({ kind: 'set', field: 'temperature', value: 0.2 });
    expect(parseSlash('/max-tokens 64')).toEqual({ kind: 'set', field: 'max_tokens', value: 64 });
    expect(parseSlash('/link My server')).toEqual({ kind: 'link', name: 'My server' });
    expect(parseSlash('/open abc')).toEqual({ kind: 'open', id: 'abc' });
  });

  it('says what is wrong instead of guessing', () => {
    expect(parseSlash('/max-tokens 1.5')).toEqual({
      kind: 'unknown',
      word: '/max-tokens 1.5: a number from 1 to 1000000',
    });
    expect(parseSlash('/temp hot')).toMatchObject({ kind: 'unknown' });
    expect(parseSlash('/open')).toMatchObject({ kind: 'unknown' });
    expect(parseSlash('/fly')).toEqual({ kind: 'unknown', word: '/fly' });
  });
});

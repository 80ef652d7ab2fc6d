import { describe, expect, it } from 'vitest';
import { applyEdit, countOccurrences } from './edit-text';

describe('applyEdit', () => {
  it('counts non-overlapping occurrences', () => {
    expect(countOccurrences('aaaa', 'aa')).toBe(2);
    expect(countOccurrences('abc', '')).toBe(0);
  });

  it('replaces literally, never as a pattern', () => {
    expect(applyEdit('a.b a.b', 'a.b', '$1$&', 2, 'f')).toEqual({ ok: true, text: '$1$& $1$&', replaced: 2 });
  });

  it('refuses an empty or unchanged old_string', () => {
    expect(applyEdit('abc', '', 'x', 1, 'f')).toMatchObject({ ok: false, error: { code: 'invalid_arguments' } });
    expect(applyEdit('abc', 'b', 'b', 1, 'f')).toMatchObject({ ok: false, error: { code: 'invalid_arguments' } });
  });

  it('says how many it found when the count is wrong', () => {
    const result = applyEdit('x x x', 'x', 'y', 1, 'f.txt');
    expect(result).toMatchObject({ ok: false, error: { code: 'match_count', details: { found: 3, expected: 1 } } });
    if (!result.ok) expect(result.error.message).toContain('set expected_replacements to 3');
  });
});

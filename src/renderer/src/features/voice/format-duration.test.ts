import { describe, expect, it } from 'vitest';
import { formatDuration } from './format-duration';

describe('formatDuration', () => {
  it('shows minutes and zero-padded seconds', () => {
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(3_999)).toBe('0:03');
    expect(formatDuration(87_000)).toBe('1:27');
    expect(formatDuration(725_000)).toBe('12:05');
    expect(formatDuration(-5)).toBe('0:00');
  });
});

import { describe, expect, it } from 'vitest';
import { formatBytes, formatClock, formatCount, formatElapsed, formatMiB } from './format';

describe('formatElapsed', () => {
  it('shows tenths of a second under a minute, truncating rather than rounding up', () => {
    expect(formatElapsed(0)).toBe('0.0 s');
    expect(formatElapsed(850)).toBe('0.8 s');
    expect(formatElapsed(12_345)).toBe('12.3 s');
    expect(formatElapsed(59_999)).toBe('59.9 s');
  });
  it('switches to m:ss and h:mm:ss', () => {
    expect(formatElapsed(60_000)).toBe('1:00');
    expect(formatElapsed(65_400)).toBe('1:05');
    expect(formatElapsed(3_725_000)).toBe('1:02:05');
  });
  it('treats negative and non-finite input (clock skew) as zero', () => {
    expect(formatElapsed(-500)).toBe('0.0 s');
    expect(formatElapsed(Number.NaN)).toBe('0.0 s');
  });
});

describe('sizes', () => {
  it('uses MiB below a GiB and one decimal above', () => {
    expect(formatMiB(512)).toBe('512 MiB');
    expect(formatMiB(81_559)).toBe('79.6 GiB');
    expect(formatBytes(1024 * 1024 * 1024 * 2)).toBe('2.0 GiB');
  });

  it('a small file in KiB or bytes, never "0 MiB"', () => {
    expect(formatBytes(263_040)).toBe('257 KiB');
    expect(formatBytes(700)).toBe('700 B');
  });
});

describe('formatClock', () => {
  it('pads every part', () => {
    const t = new Date(2025, 0, 2, 3, 4, 5, 6).getTime();
    expect(formatClock(t)).toBe('03:04:05.006');
  });
});

describe('formatCount', () => {
  it('rounds to a whole number with thousands separators, the same on every call', () => {
    expect(formatCount(7048.4)).toBe('7,048');
    expect(formatCount(1_234_567)).toBe('1,234,567');
    expect(formatCount(0)).toBe('0');
    expect(formatCount(999.5)).toBe('1,000');
  });
});

import { describe, expect, it } from 'vitest';
import { exportFileName } from './export-file-name';

describe('exportFileName', () => {
  it('names one conversation after its title', () => {
    expect(exportFileName({ titles: ['Trip to Kyoto'] }, '2026-11-24')).toBe('Trip to Kyoto');
    expect(exportFileName({ titles: ['什么是量子计算？'] }, '2026-11-24')).toBe('什么是量子计算？');
  });

  it('makes any title a safe file name, and falls back to the date', () => {
    expect(exportFileName({ titles: ['a/b\\c:d*e?f"g<h>i|j'] }, 'x')).toBe('a b c d e f g h i j');
    expect(exportFileName({ titles: ['line one\nline\ttwo'] }, 'x')).toBe('line one line two');
    expect(exportFileName({ titles: ['ends with dots...'] }, 'x')).toBe('ends with dots');
    expect(exportFileName({ titles: ['x'.repeat(300)] }, 'x')).toHaveLength(80);
    for (const title of ['', '   ', '///', 'CON', 'lpt1'])
      expect(exportFileName({ titles: [title] }, '2026-11-24')).toBe('eva-conversation-2026-11-24');
  });

  it('several conversations or all of them by date', () => {
    expect(exportFileName({ titles: ['a', 'b'] }, '2026-11-24')).toBe('eva-conversations-2026-11-24');
    expect(exportFileName({ all: true }, '2026-11-24')).toBe('eva-history-2026-11-24');
  });
});

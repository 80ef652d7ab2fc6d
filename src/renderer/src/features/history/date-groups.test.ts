import { describe, expect, it } from 'vitest';
import type { ConversationSummary } from '@shared/history/types';
import { dateGroupOf, groupRows } from './date-groups';
import { highlightSegments } from './highlight';

const at = (y: number, m: number, d: number, h = 12) => new Date(y, m - 1, d, h).getTime();
const summary = (id: string, updatedAt: number, pinned = false): ConversationSummary => ({
  id,
  title: id,
  createdAt: updatedAt,
  updatedAt,
  pinned,
  messageCount: 2,
  preview: '',
});

describe('history date groups', () => {
  const now = at(2026, 11, 23, 9);

  it('uses calendar days, not 24-hour windows', () => {
    expect(dateGroupOf(summary('a', at(2026, 11, 23, 0)), now)).toBe('today');
    expect(dateGroupOf(summary('b', at(2026, 11, 22, 23)), now)).toBe('yesterday');
    expect(dateGroupOf(summary('c', at(2026, 11, 18)), now)).toBe('week');
    expect(dateGroupOf(summary('d', at(2026, 11, 1)), now)).toBe('month');
    expect(dateGroupOf(summary('e', at(2025, 1, 1)), now)).toBe('older');
    expect(dateGroupOf(summary('f', at(2025, 1, 1), true), now)).toBe('pinned');
  });

  it('puts a header before each non-empty group, pinned first, newest first inside', () => {
    const rows = groupRows(
      [
        summary('old', at(2025, 1, 1)),
        summary('t1', at(2026, 11, 23, 1)),
        summary('pin', at(2024, 1, 1), true),
        summary('t2', at(2026, 11, 23, 8)),
      ],
      now,
    );
    expect(rows.map((row) => (row.kind === 'header' ? `#${row.group}` : row.summary.id))).toEqual([
      '#pinned',
      'pin',
      '#today',
      't2',
      't1',
      '#older',
      'old',
    ]);
  });
});

describe('search highlight', () => {
  it('splits a snippet around every match', () => {
    expect(
      highlightSegments('a cat and a cat', [
        { start: 2, end: 5 },
        { start: 12, end: 15 },
      ]),
    ).toEqual([
      { text: 'a ', match: false },
      { text: 'cat', match: true },
      { text: ' and a ', match: false },
      { text: 'cat', match: true },
    ]);
  });

  it('ignores overlapping and out-of-range matches instead of repeating text', () => {
    expect(
      highlightSegments('abcdef', [
        { start: 1, end: 4 },
        { start: 2, end: 5 },
        { start: 10, end: 12 },
      ])
        .map((s) => s.text)
        .join(''),
    ).toBe('abcdef');
  });
});

import { describe, expect, it } from 'vitest';
import { isRovingKey, moveCursor, neighbourAfterRemoval, tabStop } from './roving';

const ids = ['a', 'b', 'c', 'd'];

describe('tabStop', () => {
  it('is the row the keyboard last moved to, while it is listed', () => {
    expect(tabStop(ids, 'c', 'a')).toBe('c');
  });
  it('falls back to the open conversation, then to the first row', () => {
    expect(tabStop(ids, 'gone', 'b')).toBe('b');
    expect(tabStop(ids, null, 'gone')).toBe('a');
    expect(tabStop(ids, null, null)).toBe('a');
  });
  it('is null for an empty list', () => {
    expect(tabStop([], 'a', 'a')).toBeNull();
  });
});

describe('moveCursor', () => {
  it('moves one row with the arrows and stops at the ends', () => {
    expect(moveCursor(ids, 'b', 'ArrowDown')).toBe('c');
    expect(moveCursor(ids, 'b', 'ArrowUp')).toBe('a');
    expect(moveCursor(ids, 'd', 'ArrowDown')).toBe('d');
    expect(moveCursor(ids, 'a', 'ArrowUp')).toBe('a');
  });
  it('jumps to the first and last row with Home and End', () => {
    expect(moveCursor(ids, 'c', 'Home')).toBe('a');
    expect(moveCursor(ids, 'b', 'End')).toBe('d');
  });
  it('starts at the first row from nowhere (or from a row that is gone)', () => {
    expect(moveCursor(ids, null, 'ArrowDown')).toBe('a');
    expect(moveCursor(ids, 'gone', 'ArrowUp')).toBe('a');
    expect(moveCursor([], 'a', 'End')).toBeNull();
  });
});

describe('neighbourAfterRemoval', () => {
  it('is the next row, or the one before at the end, or none', () => {
    expect(neighbourAfterRemoval(ids, 'b')).toBe('c');
    expect(neighbourAfterRemoval(ids, 'd')).toBe('c');
    expect(neighbourAfterRemoval(['a'], 'a')).toBeNull();
    expect(neighbourAfterRemoval(ids, 'x')).toBeNull();
  });
});

describe('isRovingKey', () => {
  it('knows the four moving keys and nothing else', () => {
    expect(['ArrowDown', 'ArrowUp', 'Home', 'End', 'Enter', 'Tab', 'ArrowLeft'].filter(isRovingKey)).toEqual([
      'ArrowDown',
      'ArrowUp',
      'Home',
      'End',
    ]);
  });
});

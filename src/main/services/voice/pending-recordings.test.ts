import { describe, expect, it } from 'vitest';
import { AppFailure } from '@shared/errors';
import { createPendingRecordings } from './pending-recordings';

const piece = (bytes: number, fill = 1) => new Uint8Array(bytes).fill(fill);

function setup(options: { maxBytes?: number; maxRecordings?: number } = {}) {
  let clock = 0;
  const recordings = createPendingRecordings({
    maxBytes: options.maxBytes ?? 1000,
    maxRecordings: options.maxRecordings ?? 3,
    idleMs: 60_000,
    now: () => clock,
  });
  return { recordings, advance: (ms: number) => (clock += ms) };
}

function failure(action: () => unknown): AppFailure {
  try {
    action();
  } catch (error) {
    if (error instanceof AppFailure) return error;
    throw error;
  }
  throw new Error('expected an AppFailure');
}

describe('pending recordings', () => {
  it('holds the pieces in order and hands them over once', () => {
    const { recordings } = setup();
    expect(recordings.append('r1', 0, piece(4, 1))).toBe(4);
    expect(recordings.append('r1', 4, piece(2, 2))).toBe(6);
    expect(recordings.take('r1', 6)).toEqual([piece(4, 1), piece(2, 2)]);
    expect(failure(() => recordings.take('r1', 6)).details?.reason).toBe('recording_incomplete');
  });

  it('drops a recording with a gap, an overlap or a different length, and one whose start it never saw', () => {
    const { recordings } = setup();
    recordings.append('gap', 0, piece(4));
    expect(failure(() => recordings.append('gap', 6, piece(2))).details?.reason).toBe('recording_incomplete');
    expect(failure(() => recordings.take('gap', 4)).message).toMatch(/does not have recording gap/);

    recordings.append('short', 0, piece(4));
    expect(failure(() => recordings.take('short', 8)).message).toMatch(/should hold 8 bytes, but the core has 4/);

    expect(failure(() => recordings.append('late', 4, piece(2))).message).toMatch(/does not have the start/);
  });

  it('refuses half samples and more than a WAV may hold', () => {
    const { recordings } = setup({ maxBytes: 8 });
    expect(failure(() => recordings.append('odd', 0, piece(3))).details?.reason).toBe('audio_invalid');
    recordings.append('long', 0, piece(6));
    expect(failure(() => recordings.append('long', 6, piece(4))).message).toMatch(/too long/);
    expect(recordings.discard('long')).toBe(false);
  });

  it('forgets a recording nobody appends to any more, and the idlest when too many are open', () => {
    const { recordings, advance } = setup({ maxRecordings: 2 });
    recordings.append('old', 0, piece(2));
    advance(60_001);
    recordings.append('a', 0, piece(2));
    expect(failure(() => recordings.take('old', 2)).details?.reason).toBe('recording_incomplete');

    advance(10);
    recordings.append('b', 0, piece(2));
    advance(10);
    recordings.append('a', 2, piece(2));
    recordings.append('c', 0, piece(2));
    expect(recordings.discard('b')).toBe(false);
    expect(recordings.take('a', 4)).toHaveLength(2);
    expect(recordings.discard('c')).toBe(true);
  });
});

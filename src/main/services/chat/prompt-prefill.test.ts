import { describe, expect, it } from 'vitest';
import { readAheadOff } from './prompt-prefill';

describe('readAheadOff', () => {
  it('rules reading ahead out when the user turned it off, or when the send adds knowledge passages the draft cannot know', () => {
    expect(readAheadOff({ chat: { readAhead: true }, knowledge: { useInChat: false } })).toBeNull();
    expect(readAheadOff({ chat: { readAhead: false }, knowledge: { useInChat: false } })).toBe(
      'reading ahead is off in the settings',
    );
    expect(readAheadOff({ chat: { readAhead: true }, knowledge: { useInChat: true } })).toBe(
      'the send adds knowledge passages to the prompt',
    );
  });
});

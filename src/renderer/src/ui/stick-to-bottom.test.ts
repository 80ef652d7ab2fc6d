import { describe, expect, it } from 'vitest';
import { isAtBottom, stickAfterScroll, StickToBottom } from './stick-to-bottom';

const at = (scrollTop: number, scrollHeight = 1000, clientHeight = 400) => ({ scrollTop, scrollHeight, clientHeight });

describe('isAtBottom', () => {
  it('counts the last few pixels as the bottom', () => {
    expect(isAtBottom(at(600))).toBe(true);
    expect(isAtBottom(at(580))).toBe(true);
    expect(isAtBottom(at(570))).toBe(false);
  });

  it('holds when the content is shorter than the box', () => {
    expect(isAtBottom(at(0, 300, 400))).toBe(true);
  });
});

describe('stickAfterScroll', () => {
  it('stops following when the user scrolls up', () => {
    expect(stickAfterScroll(true, 600, at(300))).toBe(false);
  });

  it('resumes when the user scrolls back to the bottom', () => {
    expect(stickAfterScroll(false, 300, at(600))).toBe(true);
  });

  it('stays off while the user reads in the middle, even scrolling down', () => {
    expect(stickAfterScroll(false, 200, at(300))).toBe(false);
  });

  it('keeps following through a downward scroll that lands short because lines kept arriving', () => {
    expect(stickAfterScroll(true, 600, at(900, 2000))).toBe(true);
  });
});

describe('StickToBottom', () => {
  const list = (scrollTop: number) => ({ scrollTop, clientHeight: 100, scrollHeight: 1000 }) as unknown as HTMLElement;

  it('follows new content until the user scrolls up, and again after set(true)', () => {
    const follow = new StickToBottom();
    const el = list(0);
    follow.follow(el);
    expect(el.scrollTop).toBe(1000);
    expect(follow.scrolled(list(900))).toBe(true);
    expect(follow.scrolled(list(400))).toBe(false);
    const reading = list(400);
    follow.follow(reading);
    expect(reading.scrollTop).toBe(400);
    follow.set(true);
    follow.follow(reading);
    expect(reading.scrollTop).toBe(1000);
  });
});

import { describe, expect, it } from 'vitest';
import { flushThinkTags, INITIAL_THINK_STATE, splitThinkTags, stripThinkBlocks } from './think-tags';
import type { ThinkTagState } from './types';

/** Feeds pieces one by one and collects what comes out, flushing at the end. */
function run(pieces: string[]): { content: string; reasoning: string; states: ThinkTagState[] } {
  let state = INITIAL_THINK_STATE;
  let content = '';
  let reasoning = '';
  const states: ThinkTagState[] = [];
  for (const piece of pieces) {
    const split = splitThinkTags(state, piece);
    state = split.state;
    content += split.content;
    reasoning += split.reasoning;
    states.push(state);
  }
  const end = flushThinkTags(state);
  return { content: content + end.content, reasoning: reasoning + end.reasoning, states };
}

describe('inline <think> tags', () => {
  it('passes plain text straight through', () => {
    expect(splitThinkTags(INITIAL_THINK_STATE, 'Hello')).toEqual({
      state: { inside: false, pending: '' },
      content: 'Hello',
      reasoning: '',
    });
  });

  it('splits a block inside one piece', () => {
    expect(run(['<think>why</think>Answer'])).toMatchObject({ content: 'Answer', reasoning: 'why' });
  });

  it('handles tags cut anywhere across pieces', () => {
    const whole = 'a<think>deep thought</think>b';
    for (let i = 1; i < whole.length; i++) {
      for (let j = i + 1; j < whole.length; j++) {
        const out = run([whole.slice(0, i), whole.slice(i, j), whole.slice(j)]);
        expect(out, `cuts at ${i},${j}`).toMatchObject({ content: 'ab', reasoning: 'deep thought' });
      }
    }
  });

  it('holds back only what could still be a tag', () => {
    const first = splitThinkTags(INITIAL_THINK_STATE, 'x<thi');
    expect(first).toEqual({ state: { inside: false, pending: '<thi' }, content: 'x', reasoning: '' });
    const second = splitThinkTags(first.state, 'nk>r');
    expect(second).toEqual({ state: { inside: true, pending: '' }, content: '', reasoning: 'r' });
    // "<b" cannot start "<think>", so it is not held.
    expect(splitThinkTags(INITIAL_THINK_STATE, 'a <b')).toMatchObject({ content: 'a <b', state: { pending: '' } });
  });

  it('gives back a held "<" that never became a tag', () => {
    expect(run(['1 <', ' 2'])).toMatchObject({ content: '1 < 2', reasoning: '' });
    expect(run(['ends with <thin'])).toMatchObject({ content: 'ends with <thin' });
    expect(run(['<think>unfinished </thi'])).toMatchObject({ content: '', reasoning: 'unfinished </thi' });
  });

  it('handles several blocks and empty pieces', () => {
    expect(run(['', '<think>a</think>', '', 'x<think>b</think>y', ''])).toMatchObject({
      content: 'xy',
      reasoning: 'ab',
    });
  });

  it('strips blocks from earlier answers, an unclosed one to the end', () => {
    expect(stripThinkBlocks('<think>\nplan\n</think>\n\nAnswer')).toBe('Answer');
    expect(stripThinkBlocks('A<think>x</think>B<think>y</think>C')).toBe('ABC');
    expect(stripThinkBlocks('Answer so far<think>cut off')).toBe('Answer so far');
    expect(stripThinkBlocks('no tags </b>')).toBe('no tags </b>');
  });
});

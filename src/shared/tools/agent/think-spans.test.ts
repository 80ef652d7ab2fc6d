import { describe, expect, it } from 'vitest';
import { endsInsideThinking, stripThinking, thinkSpans } from './think-spans';

describe('think spans', () => {
  it('finds closed, unclosed and implicitly opened reasoning', () => {
    expect(thinkSpans('a<think>b</think>c')).toEqual([[1, 17]]);
    expect(stripThinking('a<think>b</think>c<think>d')).toBe('ac');
    expect(stripThinking('hidden</think>shown')).toBe('shown');
    expect(stripThinking('hidden', { startsInside: true })).toBe('');
    expect(stripThinking('x</think>y', { startsInside: true })).toBe('y');
    expect(stripThinking('<reasoning>r</reasoning>v', { tags: { open: '<reasoning>', close: '</reasoning>' } })).toBe(
      'v',
    );
  });

  it('tells when a stop word was hit inside reasoning', () => {
    expect(endsInsideThinking('<think>I will call <tool_call>{"name":"x"}')).toBe(true);
    expect(endsInsideThinking('<think>done</think><tool_call>{"name":"x"}')).toBe(false);
    expect(endsInsideThinking('plain')).toBe(false);
    expect(endsInsideThinking('still thinking', { startsInside: true })).toBe(true);
    expect(endsInsideThinking('thought</think>answer', { startsInside: true })).toBe(false);
  });
});

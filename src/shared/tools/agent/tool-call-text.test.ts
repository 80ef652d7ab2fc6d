import { describe, expect, it } from 'vitest';
import { withoutToolCalls } from './tool-call-text';

describe('withoutToolCalls', () => {
  it('hides finished and still-arriving tool calls, keeps the words around them', () => {
    expect(withoutToolCalls('Let me check.\n<tool_call>{"name":"calculator"}</tool_call>')).toBe('Let me check.');
    expect(withoutToolCalls('<tool_call>{"name":"calc')).toBe('');
    expect(withoutToolCalls('Working on it <tool_c')).toBe('Working on it');
    expect(withoutToolCalls('a <tool_call>x</tool_call> b <tool_call>y</tool_call> c')).toBe('a  b  c');
  });

  it('leaves plain text alone', () => {
    expect(withoutToolCalls('The answer is 42 < 43.')).toBe('The answer is 42 < 43.');
  });
});

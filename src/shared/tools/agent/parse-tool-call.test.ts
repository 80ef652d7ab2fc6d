import { describe, expect, it } from 'vitest';
import { parseToolCall } from './parse-tool-call';

describe('parseToolCall', () => {
  it('reads one call, closed or cut off by the stop word', () => {
    const closed = parseToolCall(
      'Let me compute.\n<tool_call>\n{"name":"calculator","arguments":{"expression":"1+1"}}\n</tool_call>',
    );
    expect(closed).toEqual({
      kind: 'call',
      call: { name: 'calculator', arguments: { expression: '1+1' } },
      text: 'Let me compute.',
    });
    const open = parseToolCall('<tool_call>{"name": "read_file", "arguments": {"path": "a.txt"}}\n');
    expect(open).toMatchObject({ kind: 'call', call: { name: 'read_file', arguments: { path: 'a.txt' } } });
  });

  it('is a plain answer when there is no block', () => {
    expect(parseToolCall('  The answer is 4.  ')).toEqual({ kind: 'none', text: 'The answer is 4.' });
  });

  it('tolerates code fences and whitespace inside the block', () => {
    const fenced = parseToolCall('<tool_call>\n```json\n{"name":"list_files","arguments":{}}\n```\n</tool_call>');
    expect(fenced).toMatchObject({ kind: 'call', call: { name: 'list_files', arguments: {} } });
    const unclosedFence = parseToolCall('<tool_call>\n```json\n{"name":"list_files","arguments":{}}\n');
    expect(unclosedFence).toMatchObject({ kind: 'call', call: { name: 'list_files' } });
    const inline = parseToolCall('<tool_call>```{"name":"list_files"}```</tool_call>');
    expect(inline).toMatchObject({ kind: 'call', call: { name: 'list_files', arguments: {} } });
  });

  it('ignores calls and closing tags inside <think>', () => {
    const reply =
      '<think>I could write <tool_call>{"name":"x"}</tool_call> but no.</think>\n<tool_call>{"name":"calculator","arguments":{"expression":"2*3"}}';
    expect(parseToolCall(reply)).toMatchObject({ kind: 'call', call: { name: 'calculator' } });
    expect(parseToolCall('<think>maybe <tool_call>{"name":"x"}</tool_call>')).toEqual({ kind: 'none', text: '' });
  });

  it('handles templates that open <think> in the prompt', () => {
    const reply =
      'reasoning about <tool_call>{"name":"x"}</tool_call></think>Final: <tool_call>{"name":"answer","arguments":{"content":"hi"}}';
    expect(parseToolCall(reply)).toMatchObject({ kind: 'call', call: { name: 'answer' }, text: 'Final:' });
    expect(parseToolCall('still thinking <tool_call>{"name":"x"}', { startsInside: true })).toEqual({
      kind: 'none',
      text: '',
    });
  });

  it('gives precise errors', () => {
    const bad = parseToolCall('<tool_call>{"name":"calculator","arguments":{"expression":"1+1",}}</tool_call>');
    expect(bad.kind).toBe('error');
    if (bad.kind === 'error') {
      expect(bad.error.code).toBe('invalid_json');
      expect(bad.error.message).toMatch(/^invalid JSON in <tool_call>: .*position/);
    }
    expect(parseToolCall('<tool_call>{"arguments":{}}</tool_call>')).toMatchObject({
      kind: 'error',
      error: { code: 'missing_name' },
    });
    expect(parseToolCall('<tool_call>{"name":""}</tool_call>')).toMatchObject({
      kind: 'error',
      error: { code: 'missing_name' },
    });
    expect(parseToolCall('<tool_call>[1,2]</tool_call>')).toMatchObject({
      kind: 'error',
      error: { code: 'invalid_json' },
    });
    expect(parseToolCall('<tool_call>  </tool_call>')).toMatchObject({
      kind: 'error',
      error: { code: 'invalid_json' },
    });
    expect(parseToolCall('<tool_call>{"name":"a","arguments":[1]}</tool_call>')).toMatchObject({
      kind: 'error',
      error: { code: 'invalid_arguments' },
    });
  });

  it('refuses several calls in one reply', () => {
    const two = parseToolCall('<tool_call>{"name":"a"}</tool_call>\n<tool_call>{"name":"b"}</tool_call>');
    expect(two).toMatchObject({ kind: 'error', error: { code: 'several_calls' } });
    if (two.kind === 'error') expect(two.error.message).toContain('found 2');
    const unclosedPair = parseToolCall('<tool_call>{"name":"a"}\n<tool_call>{"name":"b"}');
    expect(unclosedPair).toMatchObject({ kind: 'error', error: { code: 'several_calls' } });
  });

  it('accepts arguments sent as a JSON string and "parameters"', () => {
    expect(parseToolCall('<tool_call>{"name":"a","arguments":"{\\"x\\":1}"}</tool_call>')).toMatchObject({
      kind: 'call',
      call: { arguments: { x: 1 } },
    });
    expect(parseToolCall('<tool_call>{"name":"a","parameters":{"y":2}}</tool_call>')).toMatchObject({
      kind: 'call',
      call: { arguments: { y: 2 } },
    });
  });
});

describe('parseToolCall on hostile input', () => {
  // Quadratic before (a regex over the trailing whitespace: 80k spaces took ~17 s on the main process).
  // At 200k spaces that is minutes, far past the test's timeout; linear parsing takes milliseconds.
  it('a fenced call followed by 200k spaces is parsed in linear time', () => {
    const result = parseToolCall(`<tool_call>\`\`\`json {${' '.repeat(200_000)}`);
    expect(result.kind).not.toBe('call');
  });
});

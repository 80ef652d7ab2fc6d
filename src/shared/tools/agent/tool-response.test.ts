import { describe, expect, it } from 'vitest';
import { formatToolResponse, toolResponseMessage, toolResultText } from './tool-response';

describe('tool responses', () => {
  it('wraps a prompt-protocol result in a user turn', () => {
    expect(formatToolResponse({ name: 'calculator', status: 'ok', output: '4' })).toBe(
      '<tool_response name="calculator" status="ok">\n4\n</tool_response>',
    );
    expect(toolResponseMessage({ name: 'calculator', status: 'ok', output: '' })).toEqual({
      role: 'user',
      content: '<tool_response name="calculator" status="ok">\n(no output)\n</tool_response>',
    });
  });

  it('puts errors first so the model sees what went wrong', () => {
    const text = toolResultText({
      name: 'read_file',
      status: 'error',
      output: '',
      error: { code: 'not_found', message: 'no such file: a.txt' },
    });
    expect(text).toBe('error (not_found): no such file: a.txt');
    const timeout = toolResultText({
      name: 'execute_command',
      status: 'timeout',
      output: 'partial',
      error: { code: 'timeout', message: 'killed after 1 s' },
    });
    expect(timeout).toBe('error (timeout): killed after 1 s\npartial');
  });

  it('answers a native call with a tool message carrying its id', () => {
    expect(toolResponseMessage({ name: 'calculator', status: 'ok', output: '4' }, 'call_1')).toEqual({
      role: 'tool',
      tool_call_id: 'call_1',
      content: '4',
    });
  });
});

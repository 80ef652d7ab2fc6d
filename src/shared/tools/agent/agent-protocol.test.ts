import { describe, expect, it } from 'vitest';
import { createSpeaker } from './agent-protocol';
import { builtinToolDescriptors } from '../builtin-tools';
import type { ToolDescriptor } from '../tool-types';

const mcp: ToolDescriptor = { ...builtinToolDescriptors()[1]!, name: 'git@status', source: 'mcp' };
const tools = [...builtinToolDescriptors().filter((t) => t.name !== 'controller'), mcp];
const environment = { os: 'Linux 6.8 (x64)', shell: 'bash', workspaceDir: '/w' };
const input = { systemPrompt: 'Be brief.', sampling: { temperature: 0.5, stop: ['###'] }, tools, environment };
const call = (id: string, name: string, args: string) => ({
  id,
  type: 'function' as const,
  function: { name, arguments: args },
});

describe('prompt speaker', () => {
  const speaker = createSpeaker('prompt', input);

  it('lists the tools in the system prompt and adds </tool_call> as a stop word; no tools field', () => {
    const request = speaker.request();
    expect(request.systemPrompt).toMatch(/^Be brief\.\n\n.*<tools>/s);
    expect(request.sampling.stop).toEqual(['###', '</tool_call>']);
    expect(request.tools).toBeUndefined();
  });

  it('reads one call, closing the block the stop word cut off', () => {
    const reading = speaker.read(
      { content: '<tool_call>{"name": "calculator", "arguments": {"expression": "1+1"}}', toolCalls: [] },
      1,
    );
    expect(reading).toEqual({
      kind: 'calls',
      calls: [{ kind: 'call', call: { name: 'calculator', arguments: { expression: '1+1' } } }],
      turn: {
        kind: 'message',
        message: {
          role: 'assistant',
          content: '<tool_call>{"name": "calculator", "arguments": {"expression": "1+1"}}</tool_call>',
        },
      },
    });
  });

  it('a broken block is an error for the model; plain text is an answer', () => {
    expect(speaker.read({ content: '<tool_call>{oops', toolCalls: [] }, 1)).toMatchObject({
      kind: 'calls',
      calls: [{ kind: 'error', name: null, error: { code: 'invalid_json' } }],
    });
    expect(speaker.read({ content: 'Hello.', toolCalls: [] }, 1)).toMatchObject({ kind: 'plain', text: 'Hello.' });
  });
});

describe('native speaker', () => {
  const speaker = createSpeaker('native', input);

  it('sends OpenAI tools with wire-safe names; the system prompt says how to finish, without a <tools> block or stop word', () => {
    const request = speaker.request();
    expect(request.tools?.map((t) => t.function.name)).toEqual([
      ...tools.slice(0, -1).map((t) => t.name),
      'git__status',
    ]);
    expect(request.systemPrompt).toContain('call the "answer" tool');
    expect(request.systemPrompt).toContain('Workspace directory: /w');
    expect(request.systemPrompt).not.toContain('<tools>');
    expect(request.sampling).toEqual(input.sampling);
  });

  it('reads several calls in order, maps wire names back, and makes ids for calls that came without one', () => {
    const reading = speaker.read(
      {
        content: 'Checking.',
        toolCalls: [call('abc', 'git__status', ''), call('', 'calculator', '{"expression":"2*3"}')],
      },
      4,
    );
    expect(reading).toEqual({
      kind: 'calls',
      calls: [
        {
          kind: 'call',
          call: { id: 'abc', name: 'git@status', arguments: {} },
          native: { id: 'abc', wireName: 'git__status', name: 'git@status', argumentsText: '' },
        },
        {
          kind: 'call',
          call: { id: 'call_4_1', name: 'calculator', arguments: { expression: '2*3' } },
          native: { id: 'call_4_1', wireName: 'calculator', name: 'calculator', argumentsText: '{"expression":"2*3"}' },
        },
      ],
      turn: {
        kind: 'native_calls',
        content: 'Checking.',
        calls: [
          { id: 'abc', wireName: 'git__status', name: 'git@status', argumentsText: '' },
          { id: 'call_4_1', wireName: 'calculator', name: 'calculator', argumentsText: '{"expression":"2*3"}' },
        ],
      },
    });
  });

  it('broken arguments and a missing name are errors carrying the call id; no tool_calls is a plain answer', () => {
    const reading = speaker.read(
      { content: '', toolCalls: [call('x', 'calculator', '{"expression": '), call('y', '', '{}')] },
      1,
    );
    expect(reading).toMatchObject({
      kind: 'calls',
      calls: [
        { kind: 'error', name: 'calculator', error: { code: 'invalid_json' }, native: { id: 'x' } },
        { kind: 'error', name: null, error: { code: 'missing_name' }, native: { id: 'y' } },
      ],
    });
    expect(speaker.read({ content: 'Done.', toolCalls: [] }, 1)).toEqual({
      kind: 'plain',
      text: 'Done.',
      turn: { kind: 'message', message: { role: 'assistant', content: 'Done.' } },
    });
  });
});

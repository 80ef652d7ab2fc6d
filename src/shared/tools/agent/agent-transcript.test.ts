import { describe, expect, it } from 'vitest';
import { renderTranscript, type TranscriptTurn } from './agent-transcript';

const turns: TranscriptTurn[] = [
  { kind: 'message', message: { role: 'user', content: 'What is 2+3?' } },
  { kind: 'native_calls', content: '', calls: [{ id: 'call_1', wireName: 'git__status', name: 'git@status', argumentsText: '{"short":true}' }] },
  { kind: 'result', callId: 'call_1', wireName: 'git__status', response: { name: 'git@status', status: 'ok', output: 'clean' } },
  { kind: 'native_calls', content: 'Let me compute.', calls: [{ id: 'call_2', wireName: 'calculator', name: 'calculator', argumentsText: '{"expression": "2+' }] },
  { kind: 'result', callId: 'call_2', wireName: 'calculator', response: { name: 'calculator', status: 'error', output: '', error: { code: 'invalid_json', message: 'bad JSON' } } },
];

describe('renderTranscript', () => {
  it('native: assistant tool_calls under their wire names, results as tool messages with the call id', () => {
    expect(renderTranscript(turns, 'native')).toEqual([
      { role: 'user', content: 'What is 2+3?' },
      { role: 'assistant', content: '', toolCalls: [{ id: 'call_1', type: 'function', function: { name: 'git__status', arguments: '{"short":true}' } }] },
      { role: 'tool', toolCallId: 'call_1', name: 'git__status', content: 'clean' },
      // Broken arguments are not sent back (servers re-parse them); the model got the error as the result.
      { role: 'assistant', content: 'Let me compute.', toolCalls: [{ id: 'call_2', type: 'function', function: { name: 'calculator', arguments: '{}' } }] },
      { role: 'tool', toolCallId: 'call_2', name: 'calculator', content: 'error (invalid_json): bad JSON' },
    ]);
  });

  it('prompt: the same run as <tool_call> blocks and <tool_response> user turns under our tool names', () => {
    expect(renderTranscript(turns, 'prompt')).toEqual([
      { role: 'user', content: 'What is 2+3?' },
      { role: 'assistant', content: '<tool_call>{"name":"git@status","arguments":{"short":true}}</tool_call>' },
      { role: 'user', content: '<tool_response name="git@status" status="ok">\nclean\n</tool_response>' },
      { role: 'assistant', content: 'Let me compute.\n<tool_call>{"name":"calculator","arguments":"{\\"expression\\": \\"2+"}</tool_call>' },
      { role: 'user', content: '<tool_response name="calculator" status="error">\nerror (invalid_json): bad JSON\n</tool_response>' },
    ]);
  });

  it('a prompt-protocol result has no call id and stays a user turn in either shape', () => {
    const result: TranscriptTurn = { kind: 'result', response: { name: 'calculator', status: 'ok', output: '5' } };
    expect(renderTranscript([result], 'native')).toEqual(renderTranscript([result], 'prompt'));
  });
});

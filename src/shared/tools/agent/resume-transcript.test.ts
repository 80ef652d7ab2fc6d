import { describe, expect, it } from 'vitest';
import type { AgentStep } from './agent-types';
import { renderTranscript } from './agent-transcript';
import { nextTurnNumber, resumedTurns, turnsUsed } from './resume-transcript';

const step = (patch: Partial<AgentStep>): AgentStep => ({
  index: 0,
  kind: 'tool',
  tool: 'calculator',
  args: { expression: '6*7' },
  status: 'ok',
  output: '42',
  durationMs: 3,
  turn: 0,
  ...patch,
});

// Turn 0: two calls (native); a loop warning; turn 2: a call the gate refused, then a denied one.
const saved: AgentStep[] = [
  step({ index: 0, said: 'Let me compute.' }),
  step({ index: 1, tool: 'mcp@files', args: { path: 'a' }, output: 'text of a' }),
  step({
    index: 2,
    kind: 'warning',
    tool: null,
    args: null,
    status: 'rejected',
    output: 'answer with a tool call',
    turn: 1,
  }),
  step({
    index: 3,
    kind: 'invalid',
    tool: 'bash',
    args: { cmd: 1 },
    status: 'rejected',
    output: 'cmd must be a string',
    turn: 2,
  }),
  step({
    index: 4,
    tool: 'bash',
    args: { cmd: 'rm -rf /' },
    status: 'denied',
    output: 'The user denied this call.',
    turn: 3,
  }),
];

describe('the turns a resumed run starts from', () => {
  it('native: each model request becomes its calls and their results, under call ids the results name', () => {
    const messages = renderTranscript(
      resumedTurns(saved, 'native', (name) => name.replace('@', '__')),
      'native',
    );
    expect(messages.map((m) => m.role)).toEqual([
      'assistant',
      'tool',
      'tool',
      'assistant',
      'tool',
      'assistant',
      'tool',
    ]);
    expect(messages[0]).toMatchObject({
      content: 'Let me compute.',
      toolCalls: [
        { id: 'resumed_0', function: { name: 'calculator', arguments: '{"expression":"6*7"}' } },
        { id: 'resumed_1', function: { name: 'mcp__files' } },
      ],
    });
    expect(messages[1]).toMatchObject({ toolCallId: 'resumed_0' });
    expect(String(messages[1]!.content)).toContain('42');
    expect(messages[2]).toMatchObject({ toolCallId: 'resumed_1', name: 'mcp__files' });
    expect(String(messages[4]!.content)).toContain('cmd must be a string');
    expect(String(messages[6]!.content)).toContain('denied');
  });

  it('prompt: the calls as <tool_call> blocks after what the model said, the results as EVA sends them', () => {
    const messages = renderTranscript(
      resumedTurns(saved, 'prompt', (name) => name),
      'prompt',
    );
    expect(messages[0]).toEqual({
      role: 'assistant',
      content:
        'Let me compute.\n<tool_call>{"name":"calculator","arguments":{"expression":"6*7"}}</tool_call>\n<tool_call>{"name":"mcp@files","arguments":{"path":"a"}}</tool_call>',
    });
    expect(messages.filter((m) => m.role === 'assistant')).toHaveLength(3);
    expect(messages.map((m) => (typeof m.content === 'string' ? m.content : '')).join('\n')).not.toContain(
      'answer with a tool call',
    );
  });

  it('the resumed run counts the requests already made and numbers its own after them', () => {
    expect(turnsUsed(saved)).toBe(3);
    expect(nextTurnNumber(saved)).toBe(4);
    expect(turnsUsed([])).toBe(0);
    expect(nextTurnNumber([])).toBe(0);
  });
});

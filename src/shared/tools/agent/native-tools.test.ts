import { describe, expect, it } from 'vitest';
import { builtinToolDescriptors } from '../builtin-tools';
import {
  accumulateToolCalls,
  emptyToolCalls,
  finishToolCalls,
  toOpenAiTools,
  type ToolCallDelta,
} from './native-tools';
import type { ToolDescriptor } from '../tool-types';

const mcp: ToolDescriptor = { ...builtinToolDescriptors()[1]!, name: 'git@status', source: 'mcp' };

describe('toOpenAiTools', () => {
  it('maps descriptors to the OpenAI tools field and back from wire names', () => {
    const set = toOpenAiTools([...builtinToolDescriptors(), mcp]);
    expect(set.tools[1]).toEqual({
      type: 'function',
      function: {
        name: 'calculator',
        description: expect.any(String),
        parameters: expect.objectContaining({ type: 'object' }),
      },
    });
    const wire = set.tools.at(-1)?.function.name ?? '';
    expect(wire).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
    expect(set.toolName(wire)).toBe('git@status');
    expect(set.toolName('calculator')).toBe('calculator');
  });
});

describe('streamed tool_calls', () => {
  const names = { toolName: (n: string) => n };
  const fold = (chunks: ToolCallDelta[][]) => chunks.reduce(accumulateToolCalls, emptyToolCalls());

  it('assembles a call whose arguments arrive in pieces', () => {
    const state = fold([
      [{ index: 0, id: 'call_a', type: 'function', function: { name: 'calculator', arguments: '' } }],
      [{ index: 0, function: { arguments: '{"expr' } }],
      [{ index: 0, function: { arguments: 'ession": "6*7"}' } }],
    ]);
    expect(finishToolCalls(state, names)).toEqual([
      { kind: 'call', call: { id: 'call_a', name: 'calculator', arguments: { expression: '6*7' } } },
    ]);
  });

  it('copes with servers that repeat the name or omit the index', () => {
    const state = fold([
      [{ id: 'c1', function: { name: 'read_file', arguments: '{"path":' } }],
      [{ id: 'c1', function: { name: 'read_file', arguments: '"a.txt"}' } }],
    ]);
    expect(finishToolCalls(state, names)).toEqual([
      { kind: 'call', call: { id: 'c1', name: 'read_file', arguments: { path: 'a.txt' } } },
    ]);
  });

  it('reports broken arguments, a missing name and several calls as errors', () => {
    const broken = fold([[{ index: 0, id: 'x', function: { name: 'calculator', arguments: '{"expression": ' } }]]);
    expect(finishToolCalls(broken, names)[0]).toMatchObject({
      kind: 'error',
      id: 'x',
      error: { code: 'invalid_json' },
    });
    const nameless = fold([[{ index: 0, function: { arguments: '{}' } }]]);
    expect(finishToolCalls(nameless, names)[0]).toMatchObject({
      kind: 'error',
      id: 'call_0',
      error: { code: 'missing_name' },
    });
    const two = fold([
      [
        { index: 0, id: 'a', function: { name: 'x', arguments: '{}' } },
        { index: 1, id: 'b', function: { name: 'y', arguments: '{}' } },
      ],
    ]);
    expect(finishToolCalls(two, names).map((c) => c.kind)).toEqual(['error', 'error']);
    expect(finishToolCalls(two, names, true).map((c) => c.kind)).toEqual(['call', 'call']);
  });

  it('does not mutate the previous state', () => {
    const first = fold([[{ index: 0, id: 'a', function: { name: 'x', arguments: '{' } }]]);
    accumulateToolCalls(first, [{ index: 0, function: { arguments: '}' } }]);
    expect(first.calls[0]?.argumentsText).toBe('{');
  });
});

import { createParser } from 'eventsource-parser';
import { describe, expect, it } from 'vitest';
import { messagesStream } from './anthropic-stream';

/** The events in SSE text, as [event name, data] pairs (read by the same parser a client uses). */
function eventsOf(text: string): [string, Record<string, unknown>][] {
  const events: [string, Record<string, unknown>][] = [];
  const parser = createParser({ onEvent: (event) => events.push([event.event ?? '', JSON.parse(event.data)]) });
  parser.feed(text);
  return events;
}

const delta = (content: Record<string, unknown>, finish: string | null = null) => ({
  choices: [{ index: 0, delta: content, finish_reason: finish }],
});

describe('a streamed chat answer as a Messages stream', () => {
  it('opens the message, streams text in one block, and ends with the stop reason and the counts', () => {
    const stream = messagesStream('msg_1', 'tiny');
    const text = [
      stream.start(),
      stream.chunk(delta({ role: 'assistant', content: null })),
      stream.chunk(delta({ content: 'Hel' })),
      stream.chunk(delta({ content: 'lo' })),
      stream.chunk(delta({}, 'stop')),
      stream.chunk({ choices: [], usage: { prompt_tokens: 9, completion_tokens: 2 } }),
      stream.end(),
    ].join('');
    const events = eventsOf(text);
    expect(events.map(([name]) => name)).toEqual([
      'message_start',
      'content_block_start',
      'content_block_delta',
      'content_block_delta',
      'content_block_stop',
      'message_delta',
      'message_stop',
    ]);
    expect(events.every(([name, data]) => data.type === name)).toBe(true);
    expect(events[0]![1]).toMatchObject({ message: { id: 'msg_1', model: 'tiny', role: 'assistant', content: [] } });
    expect(events[1]![1]).toEqual({ type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } });
    expect(events[3]![1]).toEqual({ type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'lo' } });
    expect(events[5]![1]).toEqual({
      type: 'message_delta',
      delta: { stop_reason: 'end_turn', stop_sequence: null },
      usage: { output_tokens: 2, input_tokens: 9 },
    });
    expect(stream.figures()).toEqual({ promptTokens: 9, completionTokens: 2 });
    expect(stream.end()).toBe('');
  });

  it('gives reasoning, text and each tool call a block of its own, the arguments as input_json_delta', () => {
    const stream = messagesStream('msg_2', 'tiny');
    const events = eventsOf(
      [
        stream.chunk(delta({ reasoning_content: 'Think' })),
        stream.chunk(delta({ content: 'Calling.' })),
        stream.chunk(
          delta({
            tool_calls: [{ index: 0, id: 'call_a', type: 'function', function: { name: 'calc', arguments: '' } }],
          }),
        ),
        stream.chunk(delta({ tool_calls: [{ index: 0, function: { arguments: '{"x":' } }] })),
        stream.chunk(delta({ tool_calls: [{ index: 0, function: { arguments: '1}' } }] })),
        stream.chunk(delta({ tool_calls: [{ index: 1, id: 'call_b', function: { name: 'echo', arguments: '{}' } }] })),
        stream.chunk({ ...delta({}, 'tool_calls'), timings: { prompt_n: 4, predicted_n: 11 } }),
        stream.end(),
      ].join(''),
    );
    const starts = events.filter(([name]) => name === 'content_block_start').map(([, data]) => data.content_block);
    expect(starts).toEqual([
      { type: 'thinking', thinking: '' },
      { type: 'text', text: '' },
      { type: 'tool_use', id: 'call_a', name: 'calc', input: {} },
      { type: 'tool_use', id: 'call_b', name: 'echo', input: {} },
    ]);
    const json = events
      .filter(([name, data]) => name === 'content_block_delta' && data.index === 2)
      .map(([, data]) => (data.delta as { partial_json: string }).partial_json);
    expect(json.join('')).toBe('{"x":1}');
    expect(events.filter(([name]) => name === 'content_block_stop').map(([, data]) => data.index)).toEqual([
      0, 1, 2, 3,
    ]);
    expect(events.at(-2)![1]).toMatchObject({ delta: { stop_reason: 'tool_use' }, usage: { output_tokens: 11 } });
  });

  it('ends with an error event when the server fails mid-answer or stops before finishing', () => {
    const failed = messagesStream('msg_3', 'tiny');
    const events = eventsOf(
      [failed.chunk(delta({ content: 'a' })), failed.chunk({ error: { message: 'slot died' } }), failed.end()].join(''),
    );
    expect(events.at(-1)).toEqual(['error', { type: 'error', error: { type: 'api_error', message: 'slot died' } }]);
    expect(failed.ended()).toBe(true);
    expect(failed.chunk(delta({ content: 'late' }))).toBe('');

    const cut = messagesStream('msg_4', 'tiny');
    cut.chunk(delta({ content: 'a' }));
    expect(eventsOf(cut.end()).map(([name]) => name)).toEqual(['error']);
  });
});

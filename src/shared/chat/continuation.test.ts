import { describe, expect, it } from 'vitest';
import { continuationEvents, continuedText, EchoFilter } from './continuation';
import type { StreamEvent } from './types';

async function collect(saved: string, events: StreamEvent[]): Promise<StreamEvent[]> {
  const out: StreamEvent[] = [];
  for await (const event of continuationEvents(
    saved,
    (async function* () {
      yield* events;
    })(),
  ))
    out.push(event);
  return out;
}

const text = (events: StreamEvent[]) =>
  events
    .filter((e): e is Extract<StreamEvent, { type: 'content' }> => e.type === 'content')
    .map((e) => e.text)
    .join('');

describe('continuing an answer', () => {
  it('a server that repeats the saved text (llama-server) and one that does not give the same stream', async () => {
    const echoed = await collect('Once upon a', [
      { type: 'content', text: 'Once upon a time' },
      { type: 'content', text: ' there' },
      { type: 'finish', reason: 'stop' },
      { type: 'done' },
    ]);
    const plain = await collect('Once upon a', [
      { type: 'content', text: ' time' },
      { type: 'content', text: ' there' },
      { type: 'finish', reason: 'stop' },
      { type: 'done' },
    ]);
    expect(text(echoed)).toBe('Once upon a time there');
    expect(text(plain)).toBe('Once upon a time there');
    expect(echoed.at(-1)).toEqual({ type: 'done' });
  });

  it('an echo split over several deltas, and one without the trailing space', async () => {
    expect(
      text(
        await collect('Hello wor', [
          { type: 'content', text: 'Hel' },
          { type: 'content', text: 'lo w' },
          { type: 'content', text: 'orld!' },
        ]),
      ),
    ).toBe('Hello world!');
    expect(
      text(
        await collect('Hello ', [
          { type: 'content', text: 'Hello' },
          { type: 'content', text: 'world' },
        ]),
      ),
    ).toBe('Hello world');
  });

  it('new words that only look like the start of the saved text are kept when the stream ends', async () => {
    // "Hel" could be the echo of "Hello" until the stream ends without the rest.
    const events = await collect('Hello', [
      { type: 'content', text: 'Hel' },
      { type: 'finish', reason: 'length' },
    ]);
    expect(text(events)).toBe('HelloHel');
    expect(events.map((e) => e.type)).toEqual(['content', 'content', 'finish']);
    const filter = new EchoFilter('abc');
    expect(filter.take('ab')).toBe('');
    expect(filter.take('x')).toBe('abx');
    expect(filter.take('abc')).toBe('abc');
  });

  it('says why messages cannot be continued', () => {
    expect(continuedText([{ role: 'user', content: 'q' }])).toEqual({
      ok: false,
      why: 'the last message is not an answer',
    });
    expect(
      continuedText([
        { role: 'user', content: 'q' },
        { role: 'assistant', content: '' },
      ]),
    ).toMatchObject({ ok: false });
    expect(
      continuedText([
        { role: 'user', content: 'q' },
        {
          role: 'assistant',
          content: 'x',
          toolCalls: [{ id: '1', type: 'function', function: { name: 'f', arguments: '{}' } }],
        },
      ]),
    ).toMatchObject({ ok: false, why: 'an answer that called tools cannot be continued' });
    expect(
      continuedText([
        { role: 'user', content: 'q' },
        { role: 'assistant', content: 'half' },
      ]),
    ).toEqual({ ok: true, text: 'half' });
  });
});

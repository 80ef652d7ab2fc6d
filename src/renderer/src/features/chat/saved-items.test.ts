import { describe, expect, it } from 'vitest';
import type { StoredMessage } from '@shared/history/types';
import { answerFigures } from './chat-stats';
import { itemsFromHistory } from './saved-items';

const message = (patch: Partial<StoredMessage> & Pick<StoredMessage, 'id' | 'role'>): StoredMessage => ({
  parentId: null,
  content: '',
  status: 'complete',
  createdAt: 1,
  updatedAt: 1,
  ...patch,
});

const open = (messages: StoredMessage[]) =>
  itemsFromHistory({ messages, activePath: messages.map((m) => m.id), meta: { nCtx: 4096 } as never });

describe('saved answers come back with their figures', () => {
  it("a local server's timings: the server's own figures", () => {
    const [, answer] = open([
      message({ id: 'q', role: 'user', content: 'hi' }),
      message({
        id: 'a',
        role: 'assistant',
        parentId: 'q',
        content: 'hello',
        timings: { prompt_n: 12, prompt_ms: 40, predicted_n: 30, predicted_ms: 600, predicted_per_second: 50 },
      }),
    ]);
    if (answer?.kind !== 'assistant') throw new Error('no answer row');
    const figures = answerFigures({
      timings: answer.answer.timings,
      usage: answer.answer.usage,
      counter: answer.counter,
      nCtx: answer.nCtx,
    });
    expect(figures).toMatchObject({ source: 'server', generatedTokens: 30, generatedPerSecond: 50 });
  });

  it('an answer saved with a notice shows it again; one saved before notices were kept has none', () => {
    const notice = { code: 'knowledge_failed' as const, message: 'The knowledge base could not be searched.' };
    const [, noted, , older] = open([
      message({ id: 'q', role: 'user', content: 'hi' }),
      message({ id: 'a', role: 'assistant', parentId: 'q', content: 'hello', notices: [notice] }),
      message({ id: 'q2', role: 'user', parentId: 'a', content: 'and?' }),
      message({ id: 'a2', role: 'assistant', parentId: 'q2', content: 'so' }),
    ]);
    if (noted?.kind !== 'assistant' || older?.kind !== 'assistant') throw new Error('no answer rows');
    expect(noted.answer.notices).toEqual([notice]);
    expect(older.answer.notices).toBeUndefined();
  });

  it("a hosted API's usage: the token counts, not nothing", () => {
    const [, answer] = open([
      message({ id: 'q', role: 'user', content: 'hi' }),
      message({
        id: 'a',
        role: 'assistant',
        parentId: 'q',
        content: 'hello',
        usage: { prompt_tokens: 21, completion_tokens: 9, total_tokens: 30 },
      }),
    ]);
    if (answer?.kind !== 'assistant') throw new Error('no answer row');
    const figures = answerFigures({
      timings: answer.answer.timings,
      usage: answer.answer.usage,
      counter: answer.counter,
      nCtx: answer.nCtx,
    });
    expect(figures).toMatchObject({ source: 'usage', promptTokens: 21, generatedTokens: 9 });
  });
});

describe('saved answers come back with their state', () => {
  it('one cut off by a quit says so and keeps its text; one still being answered shows as streaming', () => {
    const [, cut] = open([
      message({ id: 'q', role: 'user', content: 'hi' }),
      message({ id: 'a', role: 'assistant', parentId: 'q', content: 'half', status: 'interrupted' }),
    ]);
    expect(cut).toMatchObject({ answer: { status: 'error', content: 'half', error: { code: 'interrupted' } } });
    const [, going] = open([
      message({ id: 'q', role: 'user', content: 'hi' }),
      message({ id: 'a', role: 'assistant', parentId: 'q', content: 'half', status: 'partial' }),
    ]);
    expect(going).toMatchObject({ answer: { status: 'streaming', content: 'half' } });
    expect(going?.kind === 'assistant' && going.answer.error).toBeFalsy();
  });
});

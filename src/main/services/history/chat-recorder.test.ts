import { describe, expect, it } from 'vitest';
import { answerPatch } from './chat-recorder';

describe('answerPatch', () => {
  it("keeps the figures an answer came with: the server's timings, or a hosted API's usage", () => {
    const base = { content: 'hi', reasoning: '', toolCalls: [] };
    expect(answerPatch({ ...base, timings: null, usage: { prompt_tokens: 5, completion_tokens: 7, total_tokens: 12 } })).toEqual({ content: 'hi', usage: { prompt_tokens: 5, completion_tokens: 7, total_tokens: 12 } });
    expect(answerPatch({ ...base, timings: { predicted_n: 3 } as never, usage: null })).toEqual({ content: 'hi', timings: { predicted_n: 3 } });
  });
});

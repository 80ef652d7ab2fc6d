import { describe, expect, it } from 'vitest';
import { figuresOf, streamFigures } from './usage-figures';

describe('token figures of an answer', () => {
  it('reads usage, else llama-server timings', () => {
    expect(figuresOf({ usage: { prompt_tokens: 3, completion_tokens: 4 } })).toEqual({
      promptTokens: 3,
      completionTokens: 4,
    });
    expect(figuresOf({ timings: { prompt_n: 5, predicted_n: 6 } })).toEqual({ promptTokens: 5, completionTokens: 6 });
    expect(figuresOf({ choices: [] })).toEqual({ promptTokens: null, completionTokens: null });
  });

  it('finds them in a stream cut at any byte, CRLF lines included', () => {
    const text =
      'data: {"choices":[{"delta":{"content":"hi"}}]}\r\n\r\n' +
      'data: {"choices":[],"usage":{"prompt_tokens":7,"completion_tokens":2}}\r\n\r\ndata: [DONE]\r\n\r\n';
    const watcher = streamFigures();
    for (let at = 0; at < text.length; at += 5) watcher.feed(text.slice(at, at + 5));
    expect(watcher.figures()).toEqual({ promptTokens: 7, completionTokens: 2 });
  });
});

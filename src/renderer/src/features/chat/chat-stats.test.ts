import { describe, expect, it } from 'vitest';
import type { StreamEvent } from '@shared/chat/types';
import type { Timings } from '@shared/chat/types';
import {
  answerFigures,
  clientRate,
  countEvents,
  draftFigures,
  draftVerdict,
  EMPTY_COUNTER,
  formatRate,
  reasoningTokens,
  speedWithoutDraft,
} from './chat-stats';

const content = (text: string): StreamEvent => ({ type: 'content', text });
const reasoning = (text: string): StreamEvent => ({ type: 'reasoning', text });

describe('countEvents', () => {
  it('counts non-empty content and reasoning deltas and their characters', () => {
    const counter = countEvents(EMPTY_COUNTER, [reasoning('hm'), content('Hi'), content(''), { type: 'done' }], 1000);
    expect(counter).toEqual({ firstAt: 1000, lastAt: 1000, contentDeltas: 1, reasoningDeltas: 1, chars: 4 });
    const later = countEvents(counter, [content(' there')], 1500);
    expect(later).toMatchObject({ firstAt: 1000, lastAt: 1500, contentDeltas: 2, chars: 10 });
  });

  it('returns the same counter when a batch has no text, so nothing re-renders', () => {
    expect(countEvents(EMPTY_COUNTER, [{ type: 'finish', reason: 'stop' }], 5)).toBe(EMPTY_COUNTER);
  });
});

describe('clientRate', () => {
  it('is null until there is a meaningful interval', () => {
    expect(clientRate(EMPTY_COUNTER, 0)).toBeNull();
    expect(clientRate({ ...EMPTY_COUNTER, firstAt: 0, lastAt: 100, contentDeltas: 5 }, 100)).toBeNull();
    // A burst of 40 tokens in the first 300 ms would read 130 tok/s: no figure until a second has passed.
    expect(clientRate({ ...EMPTY_COUNTER, firstAt: 0, lastAt: 300, contentDeltas: 40 }, 300)).toBeNull();
    expect(clientRate({ ...EMPTY_COUNTER, firstAt: 0, lastAt: 1000, contentDeltas: 51 }, 1000)).toBe(50);
  });

  it('divides the tokens after the first by the time since the first', () => {
    expect(clientRate({ ...EMPTY_COUNTER, firstAt: 0, lastAt: 2000, contentDeltas: 81 }, 2000)).toBe(40);
  });
});

describe('answerFigures', () => {
  const counter = { firstAt: 0, lastAt: 1000, contentDeltas: 11, reasoningDeltas: 0, chars: 50 };

  it("prefers the server's timings and counts the whole context", () => {
    const figures = answerFigures({
      timings: {
        prompt_n: 100,
        prompt_ms: 50,
        prompt_per_second: 2000,
        predicted_n: 20,
        predicted_ms: 400,
        predicted_per_second: 50,
        cache_n: 30,
      },
      usage: null,
      counter,
      nCtx: 4096,
    });
    expect(figures).toEqual({
      source: 'server',
      promptTokens: 100,
      cachedTokens: 30,
      promptPerSecond: 2000,
      generatedTokens: 20,
      generatedPerSecond: 50,
      contextUsed: 150,
      nCtx: 4096,
    });
  });

  it('hides a prompt speed when the whole prompt came from the cache', () => {
    const figures = answerFigures({
      timings: {
        prompt_n: 0,
        prompt_ms: 0,
        prompt_per_second: 0,
        predicted_n: 3,
        predicted_ms: 30,
        predicted_per_second: 100,
      },
      usage: null,
      counter,
      nCtx: null,
    });
    expect(figures.promptPerSecond).toBeNull();
  });

  it('falls back to usage, scaling the client rate to the server token count', () => {
    const figures = answerFigures({
      timings: null,
      usage: { prompt_tokens: 9, completion_tokens: 20, total_tokens: 29 },
      counter,
      nCtx: null,
    });
    expect(figures).toMatchObject({ source: 'usage', promptTokens: 9, generatedTokens: 20, contextUsed: 29 });
    // 10 deltas/s after the first, 20 tokens in 11 deltas
    expect(figures.generatedPerSecond).toBeCloseTo((10 * 20) / 11);
  });

  it('falls back to the client count for link servers that say nothing', () => {
    expect(answerFigures({ timings: null, usage: null, counter, nCtx: null })).toMatchObject({
      source: 'client',
      generatedTokens: 11,
      generatedPerSecond: 10,
      promptTokens: null,
    });
  });
});

describe('reasoningTokens and formatting', () => {
  it('uses counted deltas, else estimates from the text', () => {
    expect(reasoningTokens({ ...EMPTY_COUNTER, reasoningDeltas: 12 }, 'x')).toBe(12);
    expect(reasoningTokens(EMPTY_COUNTER, 'a'.repeat(35))).toBe(10);
  });

  it('formats rates with one decimal below 100', () => {
    expect(formatRate(42.26)).toBe('42.3');
    expect(formatRate(1234.4)).toBe('1,234');
  });
});

const timed = (patch: Partial<Timings> = {}): Timings => ({
  prompt_n: 10,
  prompt_ms: 10,
  prompt_per_second: 1000,
  predicted_n: 100,
  predicted_ms: 5000,
  predicted_per_second: 20,
  ...patch,
});
const local = (model = 'qwen-7b') => ({ kind: 'local' as const, model });

describe('draftFigures', () => {
  it('reads the guessed and kept tokens of an answer with speculation, none without', () => {
    expect(draftFigures(timed({ draft_n: 52, draft_n_accepted: 41 }))).toEqual({
      drafted: 52,
      accepted: 41,
      share: 41 / 52,
    });
    expect(draftFigures(timed())).toBeNull();
    expect(draftFigures(timed({ draft_n: 0, draft_n_accepted: 0 }))).toBeNull();
    expect(draftFigures(null)).toBeNull();
    // A saved record edited by hand cannot claim more kept than guessed.
    expect(draftFigures(timed({ draft_n: 10, draft_n_accepted: 12 }))?.share).toBe(1);
  });
});

describe('draftVerdict', () => {
  const figures = (drafted: number, accepted: number) =>
    draftFigures(timed({ draft_n: drafted, draft_n_accepted: accepted }));

  it('says a draft kept under 40% of the time does not help, once enough was guessed', () => {
    expect(draftVerdict(figures(52, 20), 30, null)).toEqual({ kind: 'low_acceptance', figures: figures(52, 20) });
    expect(draftVerdict(figures(52, 21), 30, null)).toBeNull();
    // One rejected n-gram draft is too few guesses to judge.
    expect(draftVerdict(figures(31, 0), 30, null)).toBeNull();
  });

  it('says an answer measured slower than the same model without speculation is slower, with both speeds', () => {
    expect(draftVerdict(figures(52, 41), 8, 10)).toEqual({
      kind: 'slower',
      figures: figures(52, 41),
      withDraft: 8,
      without: 10,
    });
    // Within a tenth of the speed without it, the difference is the answers', not the draft's.
    expect(draftVerdict(figures(52, 41), 9.5, 10)).toBeNull();
    expect(draftVerdict(figures(52, 41), 30, 10)).toBeNull();
    expect(draftVerdict(null, 1, 10)).toBeNull();
  });
});

describe('speedWithoutDraft', () => {
  it('is the median speed of the same local model’s answers without draft figures', () => {
    const answers = [
      { author: local(), timings: timed({ predicted_per_second: 10 }) },
      { author: local(), timings: timed({ predicted_per_second: 14 }) },
      { author: local(), timings: timed({ predicted_per_second: 11 }) },
      { author: local(), timings: timed({ predicted_per_second: 40, draft_n: 30, draft_n_accepted: 25 }) },
      { author: local('other'), timings: timed({ predicted_per_second: 99 }) },
      { author: { kind: 'link' as const, model: 'qwen-7b' }, timings: timed({ predicted_per_second: 99 }) },
      { author: local(), timings: timed({ predicted_n: 5, predicted_per_second: 99 }) },
      { author: local(), timings: null },
    ];
    expect(speedWithoutDraft(answers, local())).toBe(11);
    expect(speedWithoutDraft(answers.slice(0, 2), local())).toBe(12);
  });

  it('is unknown without such answers, or for an answer not from the local server', () => {
    expect(speedWithoutDraft([{ author: local('other'), timings: timed() }], local())).toBeNull();
    expect(speedWithoutDraft([{ author: local(), timings: timed() }], undefined)).toBeNull();
    expect(speedWithoutDraft([{ author: local(), timings: timed() }], { kind: 'link', model: 'qwen-7b' })).toBeNull();
  });
});

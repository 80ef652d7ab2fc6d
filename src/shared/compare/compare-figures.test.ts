import { describe, expect, it } from 'vitest';
import { answerFigures, columnSummary, emptyFigures, likeForLike, median } from './compare-figures';
import { listedOrder, newRun, withAnswer } from './compare-run';
import type { CompareRun } from './compare-types';
import { viewOf } from './compare-view';

const measured = {
  ttftMs: 123.4,
  nCtx: 512,
  peakRssBytes: 50_000_000,
  rssSamples: 3,
  memorySource: 'server' as const,
  loadMs: 801.6,
};

describe('compare figures', () => {
  it('takes the speeds from the server’s timings and counts the context the slot holds after the answer', () => {
    const figures = answerFigures({
      ...measured,
      timings: {
        prompt_n: 20,
        prompt_ms: 10,
        prompt_per_second: 2000,
        predicted_n: 30,
        predicted_ms: 100,
        predicted_per_second: 300,
        cache_n: 12,
      },
      usage: { prompt_tokens: 99, completion_tokens: 99, total_tokens: 198 },
    });
    expect(figures).toEqual({
      ttftMs: 123,
      tokensPerSecond: 300,
      promptTokensPerSecond: 2000,
      promptTokens: 32,
      cachedTokens: 12,
      generatedTokens: 30,
      contextUsed: 62,
      nCtx: 512,
      peakRssBytes: 50_000_000,
      rssSamples: 3,
      memorySource: 'server',
      loadMs: 802,
    });
  });

  it('falls back to usage for the counts, and leaves out speeds it was not given', () => {
    const figures = answerFigures({
      ...measured,
      ttftMs: null,
      nCtx: 0,
      timings: null,
      usage: { prompt_tokens: 40, completion_tokens: 8, total_tokens: 48, cached_tokens: 30 },
    });
    expect(figures).toMatchObject({
      ttftMs: null,
      tokensPerSecond: null,
      promptTokens: 40,
      cachedTokens: 30,
      generatedTokens: 8,
      contextUsed: 48,
      nCtx: null,
    });
    // An empty phase the server divided by zero for is not a speed.
    const zero = answerFigures({
      ...measured,
      usage: null,
      timings: {
        prompt_n: 0,
        prompt_ms: 0,
        prompt_per_second: Infinity,
        predicted_n: 1,
        predicted_ms: 1,
        predicted_per_second: 0,
      },
    });
    expect([zero.promptTokensPerSecond, zero.tokensPerSecond]).toEqual([null, null]);
  });

  it('sums a column up with medians over its finished answers and its largest peak', () => {
    expect(median([])).toBeNull();
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    const answer = (status: 'done' | 'error', rate: number, peak: number) => ({
      status,
      content: '',
      reasoning: '',
      error: null,
      figures: { ...emptyFigures(), tokensPerSecond: rate, peakRssBytes: peak, ttftMs: rate },
    });
    expect(
      columnSummary({ answers: [answer('done', 10, 5), answer('done', 30, 9), answer('error', 1000, 99)] }),
    ).toEqual({
      answers: 2,
      ttftMs: 20,
      tokensPerSecond: 20,
      promptTokensPerSecond: null,
      peakRssBytes: 9,
    });
  });

  it('sets each column of a repeat beside the same column of the run it repeats', () => {
    const make = (id: string, path: string, rate: number): CompareRun => {
      const run = newRun({
        id,
        now: 1,
        entrants: [
          { kind: 'file', path: '/m/a.gguf' },
          { kind: 'file', path },
        ],
        prompts: ['p'],
        settings: { systemPrompt: '', sampling: {}, contextSize: 0, blind: false, oneAfterAnother: false },
        schedule: { mode: 'parallel', reason: 'fits', neededBytes: 0, freeBytes: 0, estimates: [], tooLarge: [] },
        order: listedOrder(2),
      });
      return ['a', 'b'].reduce(
        (current, columnId) =>
          withAnswer(
            current,
            columnId,
            0,
            (a) => ({ ...a, status: 'done', figures: { ...a.figures, tokensPerSecond: rate } }),
            1,
          ),
        run,
      );
    };
    const rows = likeForLike(viewOf(make('r1', '/m/b-q4.gguf', 40)), viewOf(make('r2', '/m/b-q8.gguf', 30)));
    expect(rows.map((row) => [row.columnId, row.before.name, row.after.name, row.swapped, row.speedRatio])).toEqual([
      ['a', 'a', 'a', false, 0.75],
      ['b', 'b-q4', 'b-q8', true, 0.75],
    ]);
  });
});

// @vitest-environment jsdom
// The speed line of a finished answer with speculative decoding: the share of guessed tokens the model kept, and,
// where speculation did not help, why with its figures: too few kept, or slower than the same model's answers
// without it in the conversation on screen. All of it is read from the answer's saved timings, as after a reopen.
import { afterEach, describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import type { Timings } from '@shared/chat/types';
import zh from '@resources/i18n/zh.json';
import { cleanupApps, renderWithApp } from '@renderer/test-support/render-app';
import { AnswerStats } from './AnswerStats';
import { EMPTY_COUNTER } from './chat-stats';
import { EMPTY_CONVERSATION, newAnswerItem, streamingAnswer, type AnswerState } from './conversation';

afterEach(cleanupApps);

const timed = (patch: Partial<Timings>): Timings => ({
  prompt_n: 12,
  prompt_ms: 20,
  prompt_per_second: 600,
  predicted_n: 100,
  predicted_ms: 4000,
  predicted_per_second: 25,
  ...patch,
});
const author = { kind: 'local' as const, model: 'qwen-7b' };
const answer = (timings: Timings): AnswerState => ({ ...streamingAnswer(), status: 'done', timings, author });

async function show(shown: AnswerState, earlier: AnswerState[] = [], language: 'en' | 'zh' = 'en') {
  const rendered = await renderWithApp(<AnswerStats answer={shown} counter={EMPTY_COUNTER} nCtx={4096} />, {
    language,
  });
  const items = earlier.map((one, i) => ({ ...newAnswerItem(`a${i}`, null, `r${i}`, 0, 4096), answer: one }));
  act(() => rendered.model.chat.conversation.setState({ ...EMPTY_CONVERSATION, items }, true));
  return rendered;
}

describe('AnswerStats with speculative decoding', () => {
  it('shows how many guessed tokens the model kept, and nothing more when it helped', async () => {
    await show(answer(timed({ draft_n: 52, draft_n_accepted: 41 })));
    expect(screen.getByTestId('chat-draft').textContent).toBe('draft 41/52 accepted (79%)');
    expect(screen.queryByTestId('chat-draft-verdict')).toBeNull();
  });

  it('shows no draft figures for an answer without speculation', async () => {
    await show(answer(timed({})));
    expect(screen.queryByTestId('chat-draft')).toBeNull();
  });

  it('says a draft kept too rarely does not help, with its figures, in English and Chinese', async () => {
    const low = answer(timed({ draft_n: 60, draft_n_accepted: 12 }));
    await show(low);
    expect(screen.getByTestId('chat-draft-verdict').dataset.verdict).toBe('low_acceptance');
    expect(screen.getByTestId('chat-draft-verdict').textContent).toMatch(
      /^Speculation is not helping here: only 12 of 60 guessed tokens were kept \(20%\)\./,
    );
    cleanupApps();
    await show(low, [], 'zh');
    expect(screen.getByTestId('chat-draft').textContent).toBe('草稿 12/60 被接受（20%）');
    expect(screen.getByTestId('chat-draft-verdict').textContent).toBe(
      zh['chat.stats.draftLow'].replace('{drafted}', '60').replace('{accepted}', '12').replace('{percent}', '20'),
    );
  });

  it('says an answer slower than the same model without speculation is, with both speeds', async () => {
    const without = [answer(timed({ predicted_per_second: 30 })), answer(timed({ predicted_per_second: 34 }))];
    await show(answer(timed({ draft_n: 52, draft_n_accepted: 41, predicted_per_second: 20 })), without);
    const verdict = screen.getByTestId('chat-draft-verdict');
    expect(verdict.dataset.verdict).toBe('slower');
    expect(verdict.textContent).toBe(
      "Speculation made this answer slower: 20.0 tok/s with it, 32.0 tok/s without (this model's earlier answers here). Try fewer tokens at once, or turn it off.",
    );
  });

  it('says nothing of speed when the answers without speculation were another model’s', async () => {
    const other = {
      ...answer(timed({ predicted_per_second: 90 })),
      author: { kind: 'local' as const, model: 'other' },
    };
    await show(answer(timed({ draft_n: 52, draft_n_accepted: 41, predicted_per_second: 20 })), [other]);
    expect(screen.queryByTestId('chat-draft-verdict')).toBeNull();
  });
});

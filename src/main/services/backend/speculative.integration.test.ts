// Speculative decoding through the core with the real llama-server: at temperature 0 (greedy, a fixed seed) an
// answer is the same text with a draft model or n-grams as without, whether the guesses are all kept (the target
// built of the tiny model plus identity layers, which the tiny model drafts for exactly) or mostly thrown away (a
// draft with other weights); the answer carries the draft figures and the history keeps them. A draft with another
// vocabulary, and one that is missing, refuse the load with their sentence and start no server.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatResult, LoadSettings } from '@shared/contract';
import { defaultSettings } from '@shared/default-settings';
import type { SpeculativeSettings } from '@shared/speculative/speculative-settings';
import { makeSpeculativePair, writeTinyDraft } from '@scripts/fixtures/make-speculative-pair';
import { appFailureOf } from '@test-support/app-failure';
import { testAssets } from '@test-support/test-assets';
import { createTestCore } from '@test-support/test-core';
import type { Core } from '../../core';

let core: Core;
let dir: string;
/** the tiny model's weights drawn from another seed: the same vocabulary, other guesses */
let strangerDraft: string;
/** a tiny model with GPT-2's vocabulary (BPE, 50,257 tokens) */
let otherVocabDraft: string;
let asked = 0;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'eva-speculative-'));
  await makeSpeculativePair({ repoRoot: testAssets.root, log: () => undefined });
  strangerDraft = await writeTinyDraft(testAssets.root, join(dir, 'stranger.gguf'), { seed: 7 });
  otherVocabDraft = await writeTinyDraft(testAssets.root, join(dir, 'gpt2-vocab.gguf'), {
    seed: 7,
    vocabFile: join('models', 'ggml-vocab-gpt-2.gguf'),
  });
  core = await createTestCore(join(dir, 'data'));
});

afterAll(async () => {
  await core?.dispose();
});

const OFF: SpeculativeSettings = defaultSettings().load.speculative;
const draft = (draftPath: string, draftMax = 3): SpeculativeSettings => ({
  ...OFF,
  mode: 'draft',
  draftPath,
  draftMax,
});
const NGRAM: SpeculativeSettings = { ...OFF, mode: 'ngram' };

const settings = (modelPath: string, speculative: SpeculativeSettings): LoadSettings => ({
  ...defaultSettings().load,
  modelPath,
  contextSize: 2048,
  threads: 1,
  speculative,
});

/** One greedy answer in a new saved conversation, with `modelPath` loaded as `speculative` says. */
async function answer(
  modelPath: string,
  speculative: SpeculativeSettings,
  question: string,
  maxTokens = 160,
): Promise<{ result: ChatResult; conversationId: string; answerId: string }> {
  await core.handlers['backend:load'](settings(modelPath, speculative));
  asked++;
  const conversationId = `conv-${asked}`;
  const answerId = `answer-${asked}`;
  const result = await core.handlers['chat:send']({
    mode: 'chat',
    requestId: `spec-${asked}`,
    endpoint: { kind: 'local' },
    systemPrompt: 'You are a test.',
    messages: [{ role: 'user', content: question }],
    sampling: { temperature: 0, seed: 1, max_tokens: maxTokens },
    idSlot: null,
    record: {
      conversationId,
      parentId: null,
      answerId,
      question: { id: `question-${asked}`, content: question },
      create: { systemPrompt: 'You are a test.' },
    },
  });
  expect(result.status, result.error?.message).toBe('done');
  return { result, conversationId, answerId };
}

describe('speculative decoding with the real llama-server', () => {
  it('a draft that agrees by construction: the same text as without it, nearly every guess kept, saved with the answer', async () => {
    const question = 'Tell me about the sea.';
    const plain = (await answer(testAssets.specTarget, OFF, question)).result;
    expect(plain.timings?.draft_n).toBeUndefined();
    const drafted = await answer(testAssets.specTarget, draft(testAssets.tinyModel, 8), question);
    const timings = drafted.result.timings!;
    expect(drafted.result.content).toBe(plain.content);
    expect(timings.predicted_n).toBe(plain.timings?.predicted_n);
    expect(timings.draft_n).toBeGreaterThan(80);
    // The target's extra layers add exact zeros: only the batch of a check sums in another order than one token does.
    expect(timings.draft_n_accepted ?? 0).toBeGreaterThanOrEqual(0.95 * timings.draft_n!);

    // What the answer's speed line reads after a reopen: the history kept the draft figures with the answer.
    const opened = await core.handlers['history:open']({ id: drafted.conversationId });
    const saved = opened.messages.find((message) => message.id === drafted.answerId);
    expect(saved?.timings).toMatchObject({ draft_n: timings.draft_n, draft_n_accepted: timings.draft_n_accepted });
  });

  it('a draft that mostly disagrees: its guesses are thrown away and the text is still the model’s own', async () => {
    const question = 'Write a long story.';
    const plain = (await answer(testAssets.tinyModel, OFF, question)).result;
    const drafted = (await answer(testAssets.tinyModel, draft(strangerDraft), question)).result;
    expect(drafted.content).toBe(plain.content);
    const { draft_n: guessed = 0, draft_n_accepted: kept = 0 } = drafted.timings ?? {};
    expect(guessed).toBeGreaterThan(50);
    expect(kept).toBeLessThan(guessed / 2);
  });

  it('n-grams: the model’s own text as without them, and an answer asked again drafted from the first one', async () => {
    const question = 'Write a long story.';
    const plain = (await answer(testAssets.tinyModel, OFF, question, 300)).result;
    await core.handlers['backend:load'](settings(testAssets.tinyModel, NGRAM));
    const first = (await answer(testAssets.tinyModel, NGRAM, question, 300)).result;
    // The same load: ngram-mod's table holds the first answer, so the second is guessed from it.
    const again = (await answer(testAssets.tinyModel, NGRAM, question, 300)).result;
    // The drafted answers are the model's own text: a wrong guess kept would part from the plain answer within the
    // first few drafts. Not to the last character: the batch that checks guesses rounds the logits apart from
    // one-at-a-time decoding, and a random-weight model's near-ties then part late in the answer on some CPUs.
    expect(plain.content.length).toBeGreaterThan(200);
    expect(agreedLength(first.content, plain.content)).toBeGreaterThan(plain.content.length / 2);
    expect(agreedLength(again.content, plain.content)).toBeGreaterThan(plain.content.length / 2);
    const { draft_n: guessed = 0, draft_n_accepted: kept = 0 } = again.timings ?? {};
    expect(guessed).toBeGreaterThan(100);
    expect(kept).toBeGreaterThan(guessed / 2);
  });

  it('refuses a draft with another vocabulary in one sentence, before any server starts', async () => {
    await core.handlers['backend:stop']({});
    const error = await appFailureOf(
      core.handlers['backend:load'](settings(testAssets.specTarget, draft(otherVocabDraft))),
    );
    expect(error.code).toBe('model_invalid');
    expect(error.details).toMatchObject({
      reason: 'draft_tokenizer_differs',
      path: otherVocabDraft,
      model: 'spec-target-tiny.gguf',
      draftTokenizer: 'gpt2',
      modelTokenizer: 'llama',
    });
    expect(error.message).toBe(
      `the draft model ${otherVocabDraft} cannot speculate for spec-target-tiny.gguf: its tokenizer is gpt2, the model's is llama; choose a draft of the same model family, or turn speculative decoding off`,
    );
    const status = await core.handlers['backend:status']({});
    expect(status.pid).toBeNull();
    expect(status.error?.details?.reason).toBe('draft_tokenizer_differs');
  });

  it('refuses a draft file that is not there, and leaves the running model as it was', async () => {
    const running = await core.handlers['backend:load'](settings(testAssets.tinyModel, OFF));
    const missing = join(dir, 'no-such-draft.gguf');
    const error = await appFailureOf(core.handlers['backend:load'](settings(testAssets.specTarget, draft(missing))));
    expect(error).toMatchObject({ code: 'model_missing', details: { reason: 'draft_missing', path: missing } });
    const status = await core.handlers['backend:status']({});
    expect([status.state, status.pid]).toEqual(['ready', running.pid]);
  });
});

/** How many leading characters two texts share. */
function agreedLength(a: string, b: string): number {
  let index = 0;
  while (index < a.length && index < b.length && a[index] === b[index]) index++;
  return index;
}

// Each pool model's own speculative decoding through the real llama-server router, driven through the core: the
// preset gives one model a draft and another n-grams, the router starts each model's server with them (and the
// single load's own speculative setting reaches none), a greedy answer with the draft is the text of the same model
// without it, and a draft with another vocabulary refuses the pool's start in one sentence.
import { copyFile, mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatResult } from '@shared/contract';
import { defaultSettings } from '@shared/default-settings';
import type { SpeculativeSettings } from '@shared/speculative/speculative-settings';
import { makeSpeculativePair, writeTinyDraft } from '@scripts/fixtures/make-speculative-pair';
import { appFailureOf } from '@test-support/app-failure';
import { testAssets } from '@test-support/test-assets';
import { createTestCore } from '@test-support/test-core';
import type { Core } from '../../core';

let core: Core;
let dir: string;
const OFF: SpeculativeSettings = defaultSettings().load.speculative;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'eva-pool-spec-'));
  const { target } = await makeSpeculativePair({ repoRoot: testAssets.root, log: () => undefined });
  await copyFile(target, join(dir, 'drafted.gguf'));
  await copyFile(target, join(dir, 'plain.gguf'));
  await copyFile(testAssets.tinyModel, join(dir, 'ngram.gguf'));
  core = await createTestCore(join(dir, 'data'));
  // The single load's setting: the pool's models have their own, so this one must reach none of them.
  await core.handlers['settings:update']({
    load: { contextSize: 512, threads: 1, speculative: { ...OFF, mode: 'draft', draftPath: testAssets.tinyModel } },
  });
});

afterAll(async () => {
  await core?.dispose();
});

const ask = async (model: string): Promise<ChatResult> => {
  const result = await core.handlers['chat:send']({
    requestId: `pool-spec-${model}`,
    mode: 'chat',
    endpoint: { kind: 'local', model },
    systemPrompt: 'You are a test.',
    messages: [{ role: 'user', content: 'Tell me about the sea.' }],
    sampling: { temperature: 0, seed: 1, max_tokens: 120 },
    idSlot: null,
  });
  expect(result.status, result.error?.message).toBe('done');
  return result;
};

/** The argv of each llama-server the router started for a model in this test's folder, by model file. */
async function modelServerArgs(): Promise<Map<string, string[]>> {
  const found = new Map<string, string[]>();
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const args = (await readFile(`/proc/${entry}/cmdline`, 'utf8').catch(() => '')).split('\0');
    const model = args[args.indexOf('--model') + 1];
    if (args[0]?.endsWith('llama-server') && args.includes('--model') && model?.startsWith(dir)) found.set(model, args);
  }
  return found;
}

describe('speculative decoding per pool model', () => {
  it('gives each model its own: a draft, n-grams or none, with the same greedy text as without', async () => {
    const started = await core.handlers['pool:start']({
      models: [
        {
          path: join(dir, 'drafted.gguf'),
          contextSize: 0,
          speculative: { ...OFF, mode: 'draft', draftPath: testAssets.tinyModel, draftMax: 6 },
        },
        { path: join(dir, 'plain.gguf'), contextSize: 0 },
        { path: join(dir, 'ngram.gguf'), contextSize: 0, speculative: { ...OFF, mode: 'ngram' } },
      ],
      maxLoaded: 3,
      memoryBudgetMiB: 0,
      idleUnloadMinutes: 0,
    });
    expect(started.state).toBe('ready');
    const plain = await ask('plain');
    const drafted = await ask('drafted');
    await ask('ngram');

    expect(drafted.content).toBe(plain.content);
    expect(plain.timings?.draft_n).toBeUndefined();
    expect(drafted.timings?.draft_n).toBeGreaterThan(50);
    expect(drafted.timings?.draft_n_accepted ?? 0).toBeGreaterThanOrEqual(0.95 * (drafted.timings?.draft_n ?? 0));

    const servers = await modelServerArgs();
    const argsOf = (file: string) => servers.get(join(dir, file)) ?? [];
    const after = (args: string[], flag: string) => args[args.indexOf(flag) + 1];
    expect(after(argsOf('drafted.gguf'), '--spec-type')).toBe('draft-simple');
    // The router writes the draft option under its first name, --model-draft.
    const draftFlag = argsOf('drafted.gguf').find((arg) => arg === '--model-draft' || arg === '--spec-draft-model');
    expect(after(argsOf('drafted.gguf'), draftFlag ?? '--spec-draft-model')).toBe(testAssets.tinyModel);
    expect(after(argsOf('drafted.gguf'), '--spec-draft-n-max')).toBe('6');
    expect(after(argsOf('ngram.gguf'), '--spec-type')).toBe('ngram-mod');
    expect(argsOf('plain.gguf').length).toBeGreaterThan(0);
    expect(argsOf('plain.gguf').filter((arg) => arg.startsWith('--spec'))).toEqual([]);
    await core.handlers['pool:stop']({});
  });

  it('refuses to start with a draft of another vocabulary, naming the draft and its model', async () => {
    const otherVocab = await writeTinyDraft(testAssets.root, join(dir, 'gpt2-vocab.gguf'), {
      seed: 3,
      vocabFile: join('models', 'ggml-vocab-gpt-2.gguf'),
    });
    const error = await appFailureOf(
      core.handlers['pool:start']({
        models: [
          {
            path: join(dir, 'plain.gguf'),
            contextSize: 0,
            speculative: { ...OFF, mode: 'draft', draftPath: otherVocab },
          },
        ],
        maxLoaded: 1,
        memoryBudgetMiB: 0,
        idleUnloadMinutes: 0,
      }),
    );
    expect(error).toMatchObject({
      code: 'model_invalid',
      details: { reason: 'draft_tokenizer_differs', path: otherVocab, model: 'plain.gguf' },
    });
    const status = await core.handlers['pool:status']({});
    expect([status.state, status.pid]).toEqual(['error', null]);
  });
});

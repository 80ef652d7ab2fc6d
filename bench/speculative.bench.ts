// Speculative decoding on this machine's CPU, through the core as the page asks
// (greedy answers, a fixed seed, the same prompt with and without, the same
// llama-server build), on random-weight models that make speculation meaningful
// by construction (scripts/fixtures/make-speculative-pair.ts):
// - chat.speculative_speedup: tokens/s of the bench target (24 layers, 384 wide)
//   with its draft (its own first layer, embeddings and output; the other 23
//   layers of the target add zero) ÷ without, at the app's draft lengths (llama.cpp's
//   3 at most a step); the same at 8 rides along.
// - chat.speculative_acceptance: the share of the draft's guesses the target kept.
// - chat.speculative_ngram_speedup: tokens/s with n-grams ÷ without on a task that
//   repeats its input. The echo target's layers all add zero, so its next token
//   depends on the last one only and its answer to any chat is one fixed chain of
//   tokens; asked to "repeat this code with one change" with that chain as the
//   code, it writes the chain again, as a real model editing code rewrites most of
//   what it was given. The same answer to a question that shows it nothing, and its
//   speed-up, ride along: what n-grams give an answer that repeats only itself.
// Each mode starts its own server (ngram-mod's table is shared by the requests of
// one server, so every n-gram answer gets a fresh one); modes alternate, and each
// figure is the median of its rounds (llama-server's own generation rate).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCore, type Core } from '@main/core';
import type { ChatResult } from '@shared/contract';
import { defaultSettings } from '@shared/default-settings';
import type { SpeculativeSettings } from '@shared/speculative/speculative-settings';
import { testAssets } from '@test-support/test-assets';
import { makeSpeculativePair } from '../scripts/fixtures/make-speculative-pair';
import { median, round } from './stats';
import type { Benchmark, BenchResult } from './types';

const ROUNDS = 5;
const ANSWER_TOKENS = 192;
const QUESTION = 'Write a function that adds two numbers.';
const OFF: SpeculativeSettings = defaultSettings().load.speculative;

let asked = 0;

async function load(core: Core, modelPath: string, speculative: SpeculativeSettings): Promise<void> {
  await core.handlers['backend:load']({ ...defaultSettings().load, modelPath, contextSize: 4096, speculative });
}

async function ask(core: Core, question: string): Promise<ChatResult> {
  const result = await core.handlers['chat:send']({
    requestId: `speculative-${++asked}`,
    mode: 'chat',
    endpoint: { kind: 'local' },
    systemPrompt: 'You are a test.',
    messages: [{ role: 'user', content: question }],
    sampling: { temperature: 0, seed: 1, max_tokens: ANSWER_TOKENS },
    idSlot: null,
  });
  if (result.status !== 'done' || !result.timings)
    throw new Error(`no answer: ${result.error?.message ?? result.status}`);
  return result;
}

/** Rounds of one mode: its answers' rates, guesses and texts. */
interface Runs {
  rates: number[];
  drafted: number;
  accepted: number;
  texts: Set<string>;
}

const runs = (): Runs => ({ rates: [], drafted: 0, accepted: 0, texts: new Set() });

function note(into: Runs, result: ChatResult): void {
  into.rates.push(result.timings!.predicted_per_second);
  into.drafted += result.timings!.draft_n ?? 0;
  into.accepted += result.timings!.draft_n_accepted ?? 0;
  into.texts.add(result.content);
}

const speedup = (withIt: Runs, without: Runs): number => round(median(withIt.rates) / median(without.rates), 2);
const share = (r: Runs): number => (r.drafted > 0 ? round(r.accepted / r.drafted, 3) : 0);
const sameText = (...all: Runs[]): boolean => new Set(all.flatMap((r) => [...r.texts])).size === 1;

/** Each mode in turn, a fresh server for each round, the rounds interleaved so the machine's noise falls on all. */
async function interleaved(
  core: Core,
  modelPath: string,
  modes: Record<string, SpeculativeSettings>,
  question: () => string,
): Promise<Record<string, Runs>> {
  const out = Object.fromEntries(Object.keys(modes).map((name) => [name, runs()]));
  for (let i = 0; i < ROUNDS; i++) {
    for (const [name, speculative] of Object.entries(modes)) {
      await load(core, modelPath, speculative);
      note(out[name]!, await ask(core, question()));
    }
  }
  return out;
}

export const speculativeBenchmarks: Benchmark[] = [
  {
    names: ['chat.speculative_speedup', 'chat.speculative_acceptance', 'chat.speculative_ngram_speedup'],
    async run(): Promise<BenchResult[]> {
      const quiet = () => undefined;
      const pair = await makeSpeculativePair({ repoRoot: testAssets.root, variant: 'bench', log: quiet });
      const echo = await makeSpeculativePair({ repoRoot: testAssets.root, variant: 'echo', log: quiet });
      const dir = await mkdtemp(join(tmpdir(), 'eva-bench-speculative-'));
      const core = await createCore({
        host: 'browser',
        version: 'bench',
        dataDir: join(dir, 'data'),
        binDirs: [testAssets.binDir],
        systemLanguage: 'en',
      });
      try {
        const draft = (draftMax: number): SpeculativeSettings => ({
          ...OFF,
          mode: 'draft',
          draftPath: pair.draft!,
          draftMax,
        });
        const drafted = await interleaved(
          core,
          pair.target,
          { off: OFF, draft: draft(3), draft8: draft(8) },
          () => QUESTION,
        );

        // The echo model's chain, then the task that repeats it, and the same chain asked for with nothing to copy.
        await load(core, echo.target, OFF);
        const chain = (await ask(core, QUESTION)).content;
        const repeat = `Repeat this code with one change:\n\n${chain}`;
        const NGRAM: SpeculativeSettings = { ...OFF, mode: 'ngram' };
        const repeated = await interleaved(core, echo.target, { off: OFF, ngram: NGRAM }, () => repeat);
        const fresh = await interleaved(core, echo.target, { off: OFF, ngram: NGRAM }, () => QUESTION);

        const machine = { rounds: ROUNDS, answerTokens: ANSWER_TOKENS, backend: 'cpu' };
        return [
          {
            bench: 'chat.speculative_speedup',
            value: speedup(drafted.draft!, drafted.off!),
            unit: 'x',
            goal: '>= 1.3 (a draft about 5x cheaper a token than its target, every guess kept)',
            ...machine,
            model: 'spec-target-bench (24 layers, 384 wide; 23 identity layers) with spec-draft-bench (1 layer)',
            draftMax: 3,
            withoutTokPerS: round(median(drafted.off!.rates), 1),
            withTokPerS: round(median(drafted.draft!.rates), 1),
            draftMax8Speedup: speedup(drafted.draft8!, drafted.off!),
            draftMax8TokPerS: round(median(drafted.draft8!.rates), 1),
            sameText: sameText(drafted.off!, drafted.draft!, drafted.draft8!),
          },
          {
            bench: 'chat.speculative_acceptance',
            value: share(drafted.draft!),
            unit: 'share of guessed tokens kept',
            goal: '>= 0.95 (the pair agrees by construction)',
            ...machine,
            drafted: drafted.draft!.drafted,
            accepted: drafted.draft!.accepted,
            draftMax8Acceptance: share(drafted.draft8!),
          },
          {
            bench: 'chat.speculative_ngram_speedup',
            value: speedup(repeated.ngram!, repeated.off!),
            unit: 'x',
            goal: '>= 1.5 on an answer that repeats its input',
            ...machine,
            model: 'spec-echo-bench (24 identity layers, 384 wide): its answer is one fixed chain of tokens',
            specType: 'ngram-mod',
            withoutTokPerS: round(median(repeated.off!.rates), 1),
            withTokPerS: round(median(repeated.ngram!.rates), 1),
            acceptance: share(repeated.ngram!),
            drafted: repeated.ngram!.drafted,
            freshQuestionSpeedup: speedup(fresh.ngram!, fresh.off!),
            freshQuestionAcceptance: share(fresh.ngram!),
            sameText: sameText(repeated.off!, repeated.ngram!),
          },
        ];
      } finally {
        await core.dispose();
        await rm(dir, { recursive: true, force: true });
      }
    },
  },
];

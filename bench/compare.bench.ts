// compare.overhead_ratio: what a Compare run costs a model's speed. Each model's tokens a second inside a compare
// run, the models one after another (as chosen in the form, and as a machine that cannot hold them together runs
// them), ÷ the same model alone through the app (loaded in the Load dialog's way, asked in the chat's), with
// the same prompt, sampling and context; llama-server's own generation rate. Per model, the median over rounds of
// (the median in the run ÷ the median alone), the rounds alternating which of the two goes first; the value is the
// lowest of the models' ratios.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCore, type Core } from '@main/core';
import type { CompareRunView } from '@shared/compare/compare-types';
import { defaultSettings } from '@shared/default-settings';
import { testAssets } from '@test-support/test-assets';
import { median, round } from './stats';
import type { Benchmark, BenchResult } from './types';

const ROUNDS = 5;
const ASKS = 3;
const ANSWER_TOKENS = 256;
const CONTEXT = 1024;
const PROMPT = 'Write a short story about a lighthouse keeper.';
const SAMPLING = { temperature: 0, seed: 1, max_tokens: ANSWER_TOKENS };
const SYSTEM = 'You are a test.';
const MODELS = [
  { name: 'tiny-llama', path: testAssets.tinyModel },
  { name: 'tiny-llama-long', path: testAssets.tinyLongModel },
];

let asked = 0;

/** Rates of the model alone: loaded as the Load dialog loads it, asked as the chat asks. */
async function alone(core: Core, modelPath: string): Promise<number[]> {
  await core.handlers['backend:load']({ ...defaultSettings().load, modelPath, contextSize: CONTEXT });
  const rates: number[] = [];
  for (let i = 0; i < ASKS; i++) {
    const result = await core.handlers['chat:send']({
      requestId: `compare-bench-${++asked}`,
      mode: 'chat',
      endpoint: { kind: 'local' },
      systemPrompt: SYSTEM,
      messages: [{ role: 'user', content: PROMPT }],
      sampling: SAMPLING,
      idSlot: null,
    });
    if (result.status !== 'done' || !result.timings) throw new Error(`no answer alone: ${result.error?.message}`);
    rates.push(result.timings.predicted_per_second);
  }
  await core.handlers['backend:stop'](undefined);
  return rates;
}

/** Rates of each model inside one compare run of ASKS prompts, one model after another. */
async function compared(core: Core): Promise<Map<string, number[]>> {
  let finished!: (run: CompareRunView) => void;
  const done = new Promise<CompareRunView>((resolve) => (finished = resolve));
  let runId: string | null = null;
  const detach = core.events.attach((event, payload) => {
    if (event !== 'compare:run') return;
    const run = payload as CompareRunView;
    const settled = run.columns.every((column) =>
      column.answers.every(
        (answer) => answer.status === 'done' || answer.status === 'error' || answer.status === 'stopped',
      ),
    );
    if (run.id === runId && !run.running && settled) finished(run);
  });
  try {
    const started = await core.handlers['compare:start']({
      entrants: MODELS.map((model) => ({ kind: 'file' as const, path: model.path })),
      prompts: Array.from({ length: ASKS }, () => PROMPT),
      settings: {
        systemPrompt: SYSTEM,
        sampling: SAMPLING,
        contextSize: CONTEXT,
        blind: false,
        oneAfterAnother: true,
      },
    });
    if (started.schedule.mode !== 'sequential') throw new Error('the compare run was meant to go one after another');
    runId = started.id;
    const run = await done;
    return new Map(
      run.columns.map((column) => {
        const rates = column.answers.map((answer) => {
          if (answer.status !== 'done' || answer.figures.tokensPerSecond === null)
            throw new Error(`no answer in the compare run: ${answer.error?.message ?? answer.status}`);
          return answer.figures.tokensPerSecond;
        });
        return [column.name!, rates] as const;
      }),
    );
  } finally {
    detach();
  }
}

export const compareBenchmarks: Benchmark[] = [
  {
    names: ['compare.overhead_ratio'],
    async run(): Promise<BenchResult[]> {
      const dir = await mkdtemp(join(tmpdir(), 'eva-bench-compare-'));
      const core = await createCore({
        host: 'browser',
        version: 'bench',
        dataDir: join(dir, 'data'),
        binDirs: [testAssets.binDir],
        systemLanguage: 'en',
      });
      try {
        // Per round and model: the median inside the compare run ÷ the median alone. The order alternates (alone
        // first, then compare first) so a slow stretch of a shared machine weighs on both sides alike.
        const ratios = new Map<string, number[]>(MODELS.map((model) => [model.name, []]));
        const inApp = new Map<string, number[]>(MODELS.map((model) => [model.name, []]));
        const inCompare = new Map<string, number[]>(MODELS.map((model) => [model.name, []]));
        for (let round = 0; round < ROUNDS; round++) {
          const own = new Map<string, number[]>();
          let inRun = new Map<string, number[]>();
          if (round % 2 === 1) inRun = await compared(core);
          for (const model of MODELS) own.set(model.name, await alone(core, model.path));
          if (round % 2 === 0) inRun = await compared(core);
          for (const model of MODELS) {
            inApp.get(model.name)!.push(...own.get(model.name)!);
            inCompare.get(model.name)!.push(...inRun.get(model.name)!);
            ratios.get(model.name)!.push(median(inRun.get(model.name)!) / median(own.get(model.name)!));
          }
        }
        const perModel = MODELS.map((model) => ({
          model: model.name,
          aloneTokPerS: round(median(inApp.get(model.name)!), 1),
          compareTokPerS: round(median(inCompare.get(model.name)!), 1),
          ratio: round(median(ratios.get(model.name)!)),
          roundRatios: ratios.get(model.name)!.map((ratio) => round(ratio)),
        }));
        return [
          {
            bench: 'compare.overhead_ratio',
            value: Math.min(...perModel.map((entry) => entry.ratio)),
            unit: 'ratio',
            goal: '>= 0.95 (one after another)',
            models: perModel,
            rounds: ROUNDS,
            answersPerRound: ASKS,
            answerTokens: ANSWER_TOKENS,
            what: 'llama-server’s tokens/s of each model inside a compare run (one model after another) ÷ the same model loaded alone and asked through the chat; same prompt, sampling and context; per model the median over rounds of (median in the run ÷ median alone), rounds alternating which goes first',
          },
        ];
      } finally {
        await core.dispose();
        await rm(dir, { recursive: true, force: true });
      }
    },
  },
];

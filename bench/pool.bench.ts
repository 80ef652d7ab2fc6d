// scale.model_switch_ms: switching a conversation to a model the
// pool has loaded already, as the page does it (`pool:use` through the core,
// which reads the router's listing and keeps the budget), and the first token
// of a question right after such a switch beside one on the same model. Two
// copies of the tiny model in llama-server's router mode, both loaded.
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCore, type Core } from '@main/core';
import { defaultSettings } from '@shared/default-settings';
import { testAssets } from '@test-support/test-assets';
import { median, round } from './stats';
import type { Benchmark, BenchResult } from './types';
import { askTimed } from './core-ask';

const SWITCHES = 40;
const QUESTIONS = 10;

async function firstToken(core: Core, model: string, requestId: string): Promise<number> {
  const sampling = { ...defaultSettings().chat.sampling, max_tokens: 4, seed: 1 };
  return (
    await askTimed(core, {
      requestId,
      mode: 'chat',
      endpoint: { kind: 'local', model },
      systemPrompt: 'You are a test.',
      messages: [{ role: 'user', content: 'Say something.' }],
      sampling,
      idSlot: null,
    })
  ).ttftMs;
}

export const poolBenchmarks: Benchmark[] = [
  {
    names: ['scale.model_switch_ms'],
    async run(): Promise<BenchResult[]> {
      const dir = await mkdtemp(join(tmpdir(), 'eva-bench-pool-'));
      const models = ['alpha', 'beta'].map((name) => join(dir, `${name}.gguf`));
      for (const path of models) await copyFile(testAssets.tinyModel, path);
      const core = await createCore({
        host: 'browser',
        version: 'bench',
        dataDir: join(dir, 'data'),
        binDirs: [testAssets.binDir],
        systemLanguage: 'en',
      });
      try {
        await core.handlers['settings:update']({ load: { contextSize: 512 } });
        await core.handlers['pool:start']({
          models: models.map((path) => ({ path, contextSize: 0 })),
          maxLoaded: 2,
          memoryBudgetMiB: 0,
          idleUnloadMinutes: 0,
        });
        await core.handlers['pool:use']({ id: 'alpha' });
        await core.handlers['pool:use']({ id: 'beta' });
        const switches: number[] = [];
        for (let i = 0; i < SWITCHES; i++) {
          const started = performance.now();
          const status = await core.handlers['pool:use']({ id: i % 2 === 0 ? 'alpha' : 'beta' });
          switches.push(performance.now() - started);
          if (status.models.some((model) => model.state !== 'loaded')) throw new Error('a switch unloaded a model');
        }
        const same: number[] = [];
        const switched: number[] = [];
        for (let i = 0; i < QUESTIONS; i++) {
          same.push(await firstToken(core, 'alpha', `same-${i}`));
          switched.push(await firstToken(core, 'beta', `switch-${i}-b`));
          switched.push(await firstToken(core, 'alpha', `switch-${i}-a`));
        }
        return [
          {
            bench: 'scale.model_switch_ms',
            value: round(median(switches)),
            unit: 'ms',
            goal: '<= 50',
            switches: SWITCHES,
            p90Ms: round([...switches].sort((a, b) => a - b)[Math.floor(SWITCHES * 0.9)]!),
            firstTokenSameModelMs: round(median(same)),
            firstTokenAfterSwitchMs: round(median(switched)),
            what: 'pool:use to the other of two loaded models through the core (router mode, tiny model copies); the first tokens are a 4-token answer through the router',
          },
        ];
      } finally {
        await core.dispose();
        await rm(dir, { recursive: true, force: true });
      }
    },
  },
];

// chat.reopen_ttft_ratio: the time to the first token of a new
// question in a reopened ≈ 3,000-token conversation, after the app restarted,
// with the conversation cache (the slot saved as the app closed is restored)
// ÷ without it (the server reads the whole conversation again). Both through
// the core with the real llama-server and the slow random model (16 layers,
// 1024 wide), where reading the prompt dominates. Each run starts a fresh core
// and server, so neither side finds the conversation in the server's memory.
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCore, type Core } from '@main/core';
import { defaultSettings } from '@shared/default-settings';
import type { ChatMessage } from '@shared/chat/types';
import type { ChatResult } from '@shared/contract';
import { testAssets } from '@test-support/test-assets';
import { longPrompt } from '@test-support/llama/long-prompt';
import { makeTestModel } from '../scripts/fixtures/make-test-model';
import { median, round } from './stats';
import type { Benchmark, BenchResult } from './types';
import { askTimed } from './core-ask';

const ROUNDS = 3;
/** ≈ 18 tokens a line with the test tokenizer: about 3,000 tokens in all */
const LINES = 165;
const CONTEXT = 4096;

interface Asked {
  result: ChatResult;
  ttftMs: number;
}

async function openCore(dataDir: string, modelPath: string, cacheMb: number): Promise<Core> {
  const core = await createCore({
    host: 'browser',
    version: 'bench',
    dataDir,
    binDirs: [testAssets.binDir],
    systemLanguage: 'en',
  });
  const load = { ...defaultSettings().load, modelPath, contextSize: CONTEXT };
  await core.handlers['settings:update']({ load, chat: { reopenCacheMb: cacheMb } });
  await core.handlers['backend:load'](load);
  return core;
}

/** One question through the core: send → the first streamed content, as the page would see it. */
function ask(core: Core, conversationId: string, messages: ChatMessage[], requestId: string): Promise<Asked> {
  return askTimed(core, {
    requestId,
    mode: 'chat',
    endpoint: { kind: 'local' },
    systemPrompt: 'You are a test.',
    messages,
    sampling: { ...defaultSettings().chat.sampling, max_tokens: 8, seed: 1 },
    idSlot: null,
    record: {
      conversationId,
      parentId: null,
      answerId: `${requestId}-a`,
      question: { id: `${requestId}-q`, content: messages.at(-1)!.content },
    },
  });
}

export const reopenBenchmarks: Benchmark[] = [
  {
    names: ['chat.reopen_ttft_ratio'],
    async run(): Promise<BenchResult[]> {
      const model = (await makeTestModel({ repoRoot: testAssets.root, variant: 'slow', log: () => undefined })).path;
      const dataDir = await mkdtemp(join(tmpdir(), 'eva-bench-reopen-'));
      const savedSlots = join(dataDir, 'slots-as-closed');
      try {
        // The conversation as it was when the app closed: one long exchange, its slot saved on the way out.
        const first = await openCore(dataDir, model, 4096);
        const { id } = await first.handlers['history:create']({ title: 'reopen bench' });
        const text = longPrompt(LINES);
        const opening: ChatMessage[] = [{ role: 'user', content: `${text}\nSummarise.` }];
        const built = await ask(first, id, opening, 'build');
        await first.dispose();
        await cp(join(dataDir, 'slots'), savedSlots, { recursive: true });
        const next: ChatMessage[] = [
          ...opening,
          { role: 'assistant', content: built.result.content },
          { role: 'user', content: 'And then?' },
        ];

        const restored: Asked[] = [];
        const cold: Asked[] = [];
        for (let round_ = 0; round_ < ROUNDS; round_++) {
          for (const withCache of [false, true]) {
            // Every run reopens the conversation as it was at close (a run's own answer is not kept).
            await rm(join(dataDir, 'slots'), { recursive: true, force: true });
            await cp(savedSlots, join(dataDir, 'slots'), { recursive: true });
            const core = await openCore(dataDir, model, withCache ? 4096 : 0);
            try {
              (withCache ? restored : cold).push(
                await ask(core, id, next, `r${round_}-${withCache ? 'cache' : 'cold'}`),
              );
            } finally {
              await core.handlers['settings:update']({ chat: { reopenCacheMb: 0 } });
              await core.dispose();
            }
          }
        }
        const prompt = (asked: Asked[]) =>
          median(asked.map((run) => (run.result.timings as { prompt_n?: number } | null)?.prompt_n ?? NaN));
        const restoredMs = median(restored.map((run) => run.ttftMs));
        const coldMs = median(cold.map((run) => run.ttftMs));
        return [
          {
            bench: 'chat.reopen_ttft_ratio',
            value: round(restoredMs / coldMs, 3),
            unit: 'ratio',
            goal: '<= 0.1',
            restored_ttft_ms: round(restoredMs, 0),
            cold_ttft_ms: round(coldMs, 0),
            conversation_tokens: (built.result.timings as { prompt_n?: number } | null)?.prompt_n,
            prompt_tokens_read_restored: prompt(restored),
            prompt_tokens_read_cold: prompt(cold),
            rounds: ROUNDS,
            model: 'slow-llama-test (16 layers, 1024 wide, random weights)',
          },
        ];
      } finally {
        await rm(dataDir, { recursive: true, force: true });
      }
    },
  },
];

// What EVA's Local API costs a program that streams through it, as the
// official `openai` client sees it. The app runs as it ships (the browser host,
// its own process) with the tiny model loaded; the bench process is the user's
// other program. Each round streams the same prompt once through EVA's API
// and once straight to the app's own llama-server (with the server's key,
// read as bench/server-key.ts does), alternating which goes first.
//
// api.overhead_ratio: the median tokens/s through EVA ÷ the median straight;
// tokens/s from the first content delta to the last, as the client got them.
// api.first_token_overhead_ms: the median time to the first content delta
// through EVA − the median straight (the request's way in and the answer's
// first bytes out, through one more process).
import { rm } from 'node:fs/promises';
import { Agent } from 'node:http';
import { cpus, loadavg } from 'node:os';
import OpenAI from 'openai';
import { defaultSettings } from '@shared/default-settings';
import { startHost } from '@test-support/host-process';
import { testAssets } from '@test-support/test-assets';
import { connectHost } from '@test-support/ws-client';
import { treeCpuMs } from './proc-cpu';
import { serverAuthHeader } from './server-key';
import { median, round } from './stats';
import type { Benchmark, BenchResult } from './types';

const ROUNDS = 20;
const WARMUP_ROUNDS = 2;
const ANSWER_TOKENS = 512;
const PROMPT = 'Write a long story about a lighthouse keeper and the ships she guides.';

interface Streamed {
  tokensPerSecond: number;
  ttftMs: number;
  deltas: number;
}

/** One streamed answer as the client gets it: its rate from the first content delta to the last, and its TTFT. */
async function streamOnce(client: OpenAI, model: string): Promise<Streamed> {
  const started = performance.now();
  const stream = await client.chat.completions.create({
    model,
    messages: [{ role: 'user', content: PROMPT }],
    max_tokens: ANSWER_TOKENS,
    temperature: 0,
    seed: 1,
    stream: true,
    // A fresh prompt each time: a cached one would favour whichever side ran second.
    cache_prompt: false,
  } as OpenAI.ChatCompletionCreateParamsStreaming);
  let first: number | null = null;
  let last = 0;
  let deltas = 0;
  for await (const chunk of stream) {
    if (!chunk.choices[0]?.delta.content) continue;
    const now = performance.now();
    first ??= now;
    last = now;
    deltas += 1;
  }
  if (first === null || deltas < 2) throw new Error(`the answer had ${deltas} content deltas`);
  return { tokensPerSecond: ((deltas - 1) * 1000) / (last - first), ttftMs: first - started, deltas };
}

export const localApiBenchmarks: Benchmark[] = [
  {
    names: ['api.overhead_ratio', 'api.first_token_overhead_ms'],
    async run(): Promise<BenchResult[]> {
      const host = await startHost();
      try {
        const app = await connectHost(host.url);
        // One generation thread: on a 2-core machine the app's relay and this client each keep a core of their own.
        const status = await app.invoke('backend:load', {
          ...defaultSettings().load,
          modelPath: testAssets.tinyModel,
          contextSize: 2048,
          threads: 1,
        });
        const model = status.model?.name ?? 'tiny';
        const api = await app.invoke('local-api:start', {});
        const { secret } = await app.invoke('local-api:key-create', { name: 'bench', allowedModels: [] });
        const serverKey = (await serverAuthHeader(status.pid)).Authorization!.replace(/^Bearer /, '');
        app.close();
        // A connection per request on both sides: llama-server closes a kept-alive socket after 5 s idle, and a
        // straight request that picked such a socket as it closed would fail (the client's retries are off).
        const httpAgent = new Agent({ keepAlive: false });
        const throughEva = new OpenAI({ baseURL: api.baseUrl!, apiKey: secret, maxRetries: 0, httpAgent });
        const straight = new OpenAI({
          baseURL: `http://127.0.0.1:${status.port}/v1`,
          apiKey: serverKey,
          maxRetries: 0,
          httpAgent,
        });

        const eva: Streamed[] = [];
        const raw: Streamed[] = [];
        for (let i = 0; i < WARMUP_ROUNDS; i++) {
          await streamOnce(straight, model);
          await streamOnce(throughEva, model);
        }
        // The relay's own cost: the app's CPU (its llama-server left out) while it passes the answers on.
        const appCpu = () => treeCpuMs(host.process.pid!, (command) => !command.includes('llama-server'));
        let relayCpuMs = 0;
        let idleCpuMs = 0;
        const viaEva = async () => {
          const before = appCpu();
          eva.push(await streamOnce(throughEva, model));
          relayCpuMs += appCpu() - before;
        };
        const direct = async () => {
          const before = appCpu();
          raw.push(await streamOnce(straight, model));
          idleCpuMs += appCpu() - before;
        };
        const load = loadavg()[0]!;
        for (let i = 0; i < ROUNDS; i++) {
          if (i % 2 === 0) {
            await direct();
            await viaEva();
          } else {
            await viaEva();
            await direct();
          }
        }
        const tokens = (runs: Streamed[]) => runs.reduce((sum, run) => sum + run.deltas, 0);
        const rate = (runs: Streamed[]) => median(runs.map((run) => run.tokensPerSecond));
        const ttft = (runs: Streamed[]) => median(runs.map((run) => run.ttftMs));
        const figures = {
          evaTokPerS: round(rate(eva), 1),
          straightTokPerS: round(rate(raw), 1),
          evaTtftMs: round(ttft(eva), 2),
          straightTtftMs: round(ttft(raw), 2),
          deltasPerAnswer: median(eva.map((run) => run.deltas)),
          // Each round's two answers ran back to back: their ratio and difference drift less with the machine's load.
          pairedRatio: round(median(eva.map((run, i) => run.tokensPerSecond / raw[i]!.tokensPerSecond))),
          pairedTtftDifferenceMs: round(median(eva.map((run, i) => run.ttftMs - raw[i]!.ttftMs)), 2),
          appCpuMsPer1kTokens: round((relayCpuMs * 1000) / tokens(eva), 1),
          appCpuMsPer1kTokensStraight: round((idleCpuMs * 1000) / tokens(raw), 1),
          rounds: ROUNDS,
          loadAverage: round(load, 2),
          cores: cpus().length,
          client: 'openai (npm), streaming',
        };
        return [
          {
            bench: 'api.overhead_ratio',
            value: round(rate(eva) / rate(raw)),
            unit: 'ratio',
            goal: '>= 0.97',
            ...figures,
            what: 'tokens/s the openai client gets streaming through EVA’s Local API ÷ the same client straight to the app’s own llama-server; same model, prompt and sampling, rounds alternating which goes first, medians',
          },
          {
            bench: 'api.first_token_overhead_ms',
            value: round(ttft(eva) - ttft(raw), 2),
            unit: 'ms',
            goal: '<= 5',
            ...figures,
            what: 'median time to the first content delta through EVA’s Local API − the same straight to the app’s llama-server',
          },
        ];
      } finally {
        await host.stop();
        await rm(host.dataDir, { recursive: true, force: true });
      }
    },
  },
];

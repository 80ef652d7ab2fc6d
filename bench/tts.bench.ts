// voice.tts_ratio: Read aloud's neural voice as the user meets it, in real Chromium against the real browser host:
// the press of an answer's Read aloud → its first sentence playing (the audio element's `playing` event), in the
// page's clock (the read-aloud store and the speaker's queue, the WebSocket both ways, the host, the core's file
// check and queue, llama-tts under the process lifecycle, the WAV read back and base64-encoded, the blob and the
// element's start), divided by llama-tts run directly with the app's arguments on the very sentence the page sent (a
// plain spawn, timed until its WAV has been read). service_ratio: the core's service alone (in this process, WAV
// ready) over the same direct runs. voice.tts_realtime_factor: seconds of audio per second of synthesis.
// voice.tts_answer_slowdown_cpu: the chat answer's own tokens/s (llama-server's timings) with the neural voice reading
// along while it streams ÷ with reading off; and with the default, which on the CPU waits until the answer is done.
// Interleaved runs, medians. The app's defaults throughout (llama-tts's own threads, a random seed), so the direct
// runs get the same. The tiny random-weight Qwen3-TTS pair by default (its synthesis is short, so the app's overhead
// shows at its largest); EVA_BENCH_TTS_MODEL=<gguf> (with its mmproj beside it, or EVA_BENCH_TTS_MMPROJ) measures a
// real voice.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import type { TtsSpeakInput } from '@shared/audio/tts-schemas';
import type { TtsSettings } from '@shared/audio/tts-settings';
import { parseWavHeader } from '@shared/audio/wav';
import { defaultSettings } from '@shared/default-settings';
import { memoryLifecycle } from '@main/services/process/process-lifecycle';
import { llamaTtsArgs, maxFramesFor } from '@main/services/voice/tts/tts-args';
import { checkTtsVoice } from '@main/services/voice/tts/tts-model-check';
import { createTtsService } from '@main/services/voice/tts/tts-service';
import { startHost, tinyModel, type RunningHost } from '@test-support/host-process';
import { ttsAssets } from '@test-support/voice/tts-test-assets';
import { connectHost, type HostClient } from '@test-support/ws-client';
import { launchChromium } from './browser';
import { median, round } from './stats';
import { answerOnce, readAloudOnce, silence, TTS_PROBE, type PageSpeakRun } from './tts-page';
import type { Benchmark, BenchResult } from './types';

const RUNS = 5;
const ANSWER_ROUNDS = 3;
/** Long enough that the voice, which starts after the first sentence, runs for most of the answer. */
const ANSWER_TOKENS = 1500;
/** A short answer to read aloud: one sentence or two of the tiny chat model. */
const READ_TOKENS = 12;
const ANSWER = '[data-testid="chat-message"][data-role="assistant"]';

type Timed = { ms: number; audioMs: number };

/** One direct llama-tts run: wall time from the spawn until its WAV has been read, and the audio's length. */
async function runDirect(binary: string, args: string[], outPath: string): Promise<Timed> {
  await rm(outPath, { force: true });
  const started = performance.now();
  // In its own session, as the process lifecycle starts llama-tts: with the kernel's autogroup scheduling a session
  // gets its own share of the CPU, so the same spawn inside the bench's session would be a slower baseline.
  const child = spawn(binary, args, { stdio: 'ignore', detached: true });
  const exit = await new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code, signal) => resolve({ code, signal }));
  });
  const wav = await readFile(outPath).catch(() => null);
  const ms = performance.now() - started;
  if (exit.code !== 0 || wav === null)
    throw new Error(`llama-tts alone failed (exit ${exit.code ?? exit.signal}, WAV ${wav ? 'written' : 'missing'})`);
  return { ms, audioMs: parseWavHeader(wav).durationMs };
}

async function setTts(client: HostClient, page: Page, url: string, patch: Partial<TtsSettings>, readAloud: boolean) {
  await client.invoke('settings:update', { tts: patch, readAloud });
  // A fresh page reads the settings as a user's next start would.
  await page.goto(url);
  await page.getByTestId('chat-input').waitFor();
}

async function setMaxTokens(client: HostClient, maxTokens: number): Promise<void> {
  const { chat } = await client.invoke('settings:get');
  await client.invoke('settings:update', { chat: { sampling: { ...chat.sampling, max_tokens: maxTokens } } });
}

/** Page, service and llama-tts alone, in turn, on the first sentence of one answer. */
async function firstSentence(page: Page, host: RunningHost, files: { modelPath: string; mmprojPath?: string }) {
  const hostPid = host.process.pid ?? 0;
  await answerOnce(page, 'Tell me a story.');
  // The first of each pays for cold caches (the model file, the binary); not counted.
  const warm = await readAloudOnce(page, ANSWER, hostPid);
  const input: TtsSpeakInput = { ...files, text: warm.input.text, language: warm.input.language };
  const voice = await checkTtsVoice(files);
  if (!voice.ok || !voice.mmprojPath || !voice.architecture) throw new Error(`not a voice: ${voice.problem}`);
  const dir = await mkdtemp(join(tmpdir(), 'eva-bench-tts-'));
  const registry = memoryLifecycle();
  const tts = createTtsService({ binDirs: [ttsAssets.binDir], launch: registry.launch, tempRoot: dir });
  const outPath = join(dir, 'direct.wav');
  const args = llamaTtsArgs({
    architecture: voice.architecture,
    modelPath: files.modelPath,
    mmprojPath: voice.mmprojPath,
    text: input.text,
    outPath,
    language: input.language,
    maxFrames: maxFramesFor(input.text),
  });
  const sides = {
    page: async (): Promise<PageSpeakRun> => {
      const run = await readAloudOnce(page, ANSWER, hostPid);
      if (run.input.text !== input.text) throw new Error(`the page said "${run.input.text}", not "${input.text}"`);
      return run;
    },
    service: async () => {
      const started = performance.now();
      const speech = await tts.speak(input);
      return { ms: performance.now() - started, audioMs: speech.audioMs, synthMs: speech.synthMs };
    },
    direct: () => runDirect(ttsAssets.cli, args, outPath),
  };
  try {
    await sides.service();
    await sides.direct();
    const runs = { page: [] as PageSpeakRun[], service: [] as (Timed & { synthMs: number })[], direct: [] as Timed[] };
    const order = ['page', 'service', 'direct'] as const;
    for (let i = 0; i < RUNS; i++)
      // Rotate which goes first, so none always runs on another's warm caches.
      for (let k = 0; k < order.length; k++) {
        const side = order[(i + k) % order.length];
        if (side === 'page') runs.page.push(await sides.page());
        else if (side === 'service') runs.service.push(await sides.service());
        else runs.direct.push(await sides.direct());
      }
    return { runs, input, architecture: voice.architecture };
  } finally {
    tts.dispose();
    await registry.close();
    await rm(dir, { recursive: true, force: true });
  }
}

type Mode = 'off' | 'default' | 'streaming';
const MODES: Mode[] = ['off', 'default', 'streaming'];

/** The same answer's tokens/s with reading off, on with the CPU default (after the answer) and on while it streams. */
async function answerSlowdown(page: Page, host: RunningHost, client: HostClient) {
  await setMaxTokens(client, ANSWER_TOKENS);
  const runs: Record<Mode, Awaited<ReturnType<typeof answerOnce>>[]> = { off: [], default: [], streaming: [] };
  for (let i = 0; i < ANSWER_ROUNDS; i++)
    for (let k = 0; k < MODES.length; k++) {
      const mode = MODES[(i + k) % MODES.length] ?? 'off';
      await setTts(client, page, host.url, { streamOnCpu: mode === 'streaming' }, mode !== 'off');
      // A new conversation: one reopened would answer with the sampling it was started with.
      await page.getByTestId('chat-new').click();
      runs[mode].push(await answerOnce(page, 'Write a very long story.'));
      await silence(page, host.process.pid ?? 0, mode !== 'off');
    }
  return runs;
}

type FirstSentence = Awaited<ReturnType<typeof firstSentence>>['runs'];
type Answers = Awaited<ReturnType<typeof answerSlowdown>>;

function results(runs: FirstSentence, answers: Answers, common: Record<string, unknown>, backend: string | null) {
  const pageMs = median(runs.page.map((run) => run.toPlayingMs));
  const serviceMs = median(runs.service.map((run) => run.ms));
  const aloneMs = median(runs.direct.map((run) => run.ms));
  const audioMs = median(runs.service.map((run) => run.audioMs));
  const audible = runs.page.flatMap((run) => (run.toAudibleMs === null ? [] : [run.toAudibleMs]));
  const part = (pick: (run: PageSpeakRun) => number) => round(median(runs.page.map(pick)), 1);
  const rate = (mode: Mode) => median(answers[mode].map((run) => run.tokensPerSecond));
  const shared = {
    ...common,
    sentence_chars: String(common.sentence).length,
    threads: 'llama-tts default',
    runs: RUNS,
  };
  return [
    {
      bench: 'voice.tts_realtime_factor',
      value: round(audioMs / serviceMs),
      unit: 'audio s per s',
      goal: 'reported (> 1 speaks faster than it plays)',
      audio_ms: audioMs,
      service_median_ms: round(serviceMs, 1),
      synth_median_ms: round(median(runs.service.map((run) => run.synthMs)), 1),
      ...shared,
    },
    {
      bench: 'voice.tts_ratio',
      value: round(pageMs / aloneMs),
      unit: 'ratio',
      goal: '<= 1.05',
      page_to_playing_median_ms: round(pageMs, 1),
      page_to_audible_median_ms: audible.length > 0 ? round(median(audible), 1) : null,
      page_press_to_sent_ms: part((run) => run.toSentMs),
      page_round_trip_ms: part((run) => run.roundTripMs),
      page_result_to_playing_ms: part((run) => run.startMs),
      service_ratio: round(serviceMs / aloneMs),
      service_median_ms: round(serviceMs, 1),
      alone_median_ms: round(aloneMs, 1),
      audio_ms_page: median(runs.page.map((run) => run.speech.audioMs)),
      audio_ms_alone: median(runs.direct.map((run) => run.audioMs)),
      ...shared,
    },
    {
      bench: 'voice.tts_answer_slowdown_cpu',
      value: round(rate('streaming') / rate('off')),
      unit: 'ratio',
      goal: 'reported',
      default_ratio: round(rate('default') / rate('off')),
      off_tokens_per_s: round(rate('off'), 1),
      streaming_tokens_per_s: round(rate('streaming'), 1),
      default_tokens_per_s: round(rate('default'), 1),
      answer_tokens: answers.off.map((run) => run.tokens),
      sentences_sent_while_streaming: answers.streaming.map((run) => run.spokenWhileStreaming),
      sentences_sent_while_streaming_default: answers.default.map((run) => run.spokenWhileStreaming),
      chat_model: 'tiny-llama',
      chat_backend: backend,
      rounds: ANSWER_ROUNDS,
      note:
        'CPU backend only: with a GPU backend the voice always reads while streaming and the answer runs on the GPU; ' +
        'not measurable here (no GPU build).',
      ...common,
    },
  ];
}

export const ttsBenchmarks: Benchmark[] = [
  {
    names: ['voice.tts_realtime_factor', 'voice.tts_ratio', 'voice.tts_answer_slowdown_cpu'],
    async run(): Promise<BenchResult[]> {
      const modelPath = process.env.EVA_BENCH_TTS_MODEL ?? ttsAssets.model;
      const mmprojPath =
        process.env.EVA_BENCH_TTS_MMPROJ ?? (modelPath === ttsAssets.model ? ttsAssets.mmproj : undefined);
      for (const file of [ttsAssets.cli, modelPath, ...(mmprojPath ? [mmprojPath] : [])])
        if (!existsSync(file))
          throw new Error(
            `${file} is missing: run \`npm test\` once (it provisions it), or \`npm run backend:build -- --only llama-server\` and \`npx tsx scripts/fixtures/make-tts-model.ts\``,
          );
      const files = { modelPath, ...(mmprojPath ? { mmprojPath } : {}) };
      const host = await startHost();
      const browser = await launchChromium();
      const client = await connectHost(host.url);
      try {
        const load = { ...defaultSettings().load, modelPath: tinyModel, contextSize: 4096 };
        await client.invoke('backend:load', load);
        const status = await client.invoke('backend:status');
        await setMaxTokens(client, READ_TOKENS);
        const page = await browser.newPage();
        await page.addInitScript(TTS_PROBE);
        const tts = { source: 'neural', modelPath, mmprojPath: mmprojPath ?? '', language: 'en' } as const;
        await setTts(client, page, host.url, { ...tts, streamOnCpu: false }, false);
        const { runs, input, architecture } = await firstSentence(page, host, files);
        const answers = await answerSlowdown(page, host, client);
        return results(runs, answers, { model: modelPath, architecture, sentence: input.text }, status.backend);
      } finally {
        client.close();
        await browser.close();
        await host.stop();
      }
    },
  },
];

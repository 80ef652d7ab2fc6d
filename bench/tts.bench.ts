// voice.tts_ratio: the first sentence of an answer through the neural-voice service (the file check, the queue,
// llama-tts under the process lifecycle, the WAV read back and base64-encoded for the contract) divided by
// llama-tts run directly with the same arguments on the same sentence (a plain spawn, timed until its WAV has
// been read). voice.tts_realtime_factor: seconds of audio per second of synthesis through the service.
// Interleaved runs, medians, a fixed seed so both sides make the same audio. The tiny random-weight Qwen3-TTS
// pair by default (its load and synthesis are short, so the service's overhead shows at its largest);
// EVA_BENCH_TTS_MODEL=<gguf> (with its mmproj beside it, or EVA_BENCH_TTS_MMPROJ) measures a real voice, with
// EVA_BENCH_TTS_THREADS threads (default: 1 for the tiny pair, llama-tts's own for a real one).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseWavHeader } from '@shared/audio/wav';
import { memoryLifecycle } from '@main/services/process/process-lifecycle';
import { llamaTtsArgs, maxFramesFor } from '@main/services/voice/tts/tts-args';
import { checkTtsVoice } from '@main/services/voice/tts/tts-model-check';
import { createTtsService } from '@main/services/voice/tts/tts-service';
import { ttsAssets } from '@test-support/voice/tts-test-assets';
import { median, round } from './stats';
import type { Benchmark, BenchResult } from './types';

const RUNS = 7;
const SEED = 1234;
/** The first sentence of a typical answer, as Read aloud's splitter hands it over. */
const SENTENCE = 'Sure, here is a short summary of what the report says about the first quarter.';
const LANGUAGE = 'en';

interface DirectTts {
  binary: string;
  args: string[];
  outPath: string;
}

/** One direct llama-tts run: wall time from the spawn until its WAV has been read, and the audio's length. */
async function runDirect(direct: DirectTts): Promise<{ ms: number; audioMs: number }> {
  await rm(direct.outPath, { force: true });
  const started = performance.now();
  const child = spawn(direct.binary, direct.args, { stdio: 'ignore' });
  const exit = await new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code, signal) => resolve({ code, signal }));
  });
  const wav = await readFile(direct.outPath).catch(() => null);
  const ms = performance.now() - started;
  if (exit.code !== 0 || wav === null)
    throw new Error(`llama-tts alone failed (exit ${exit.code ?? exit.signal}, WAV ${wav ? 'written' : 'missing'})`);
  return { ms, audioMs: parseWavHeader(wav).durationMs };
}

async function measure(files: { modelPath: string; mmprojPath?: string }, threads: number | undefined) {
  const voice = await checkTtsVoice(files);
  if (!voice.ok || !voice.mmprojPath || !voice.architecture) throw new Error(`not a voice: ${voice.problem}`);
  const dir = await mkdtemp(join(tmpdir(), 'eva-bench-tts-'));
  const registry = memoryLifecycle();
  const tts = createTtsService({
    binDirs: [ttsAssets.binDir],
    launch: registry.launch,
    tempRoot: dir,
    threads,
    seed: SEED,
  });
  const direct: DirectTts = {
    binary: ttsAssets.cli,
    outPath: join(dir, 'direct.wav'),
    args: [],
  };
  direct.args = llamaTtsArgs({
    architecture: voice.architecture,
    modelPath: files.modelPath,
    mmprojPath: voice.mmprojPath,
    text: SENTENCE,
    outPath: direct.outPath,
    language: LANGUAGE,
    maxFrames: maxFramesFor(SENTENCE),
    threads,
    seed: SEED,
  });
  const viaService = async () => {
    const started = performance.now();
    const speech = await tts.speak({ ...files, text: SENTENCE, language: LANGUAGE });
    return { ms: performance.now() - started, audioMs: speech.audioMs, synthMs: speech.synthMs };
  };
  try {
    // The first of each pays for cold caches (the model file, the binary); not counted.
    await runDirect(direct);
    await viaService();
    const service: { ms: number; audioMs: number; synthMs: number }[] = [];
    const alone: { ms: number; audioMs: number }[] = [];
    for (let i = 0; i < RUNS; i++) {
      // Alternate which goes first, so neither always runs on the other's warm caches.
      if (i % 2 === 0) {
        service.push(await viaService());
        alone.push(await runDirect(direct));
      } else {
        alone.push(await runDirect(direct));
        service.push(await viaService());
      }
    }
    const audio = service.map((run) => run.audioMs);
    if (alone.some((run) => Math.abs(run.audioMs - (audio[0] ?? 0)) > 1) || audio.some((ms) => ms !== audio[0]))
      throw new Error('the service and llama-tts alone made audio of different lengths from the same seed');
    return { service, alone, voice: voice.architecture, mmprojPath: voice.mmprojPath };
  } finally {
    tts.dispose();
    await registry.close();
    await rm(dir, { recursive: true, force: true });
  }
}

export const ttsBenchmarks: Benchmark[] = [
  {
    names: ['voice.tts_realtime_factor', 'voice.tts_ratio'],
    async run(): Promise<BenchResult[]> {
      const modelPath = process.env.EVA_BENCH_TTS_MODEL ?? ttsAssets.model;
      const mmprojPath =
        process.env.EVA_BENCH_TTS_MMPROJ ?? (modelPath === ttsAssets.model ? ttsAssets.mmproj : undefined);
      for (const file of [ttsAssets.cli, modelPath, ...(mmprojPath ? [mmprojPath] : [])])
        if (!existsSync(file))
          throw new Error(
            `${file} is missing: run \`npm test\` once (it provisions it), or \`npm run backend:build -- --only llama-server\` and \`npx tsx scripts/fixtures/make-tts-model.ts\``,
          );
      const threadsEnv = process.env.EVA_BENCH_TTS_THREADS;
      const threads = threadsEnv ? Number(threadsEnv) : modelPath === ttsAssets.model ? 1 : undefined;
      const { service, alone, voice } = await measure({ modelPath, mmprojPath }, threads);
      const serviceMs = median(service.map((run) => run.ms));
      const aloneMs = median(alone.map((run) => run.ms));
      const audioMs = median(service.map((run) => run.audioMs));
      const common = { model: modelPath, architecture: voice, threads: threads ?? 'llama-tts default', runs: RUNS };
      return [
        {
          bench: 'voice.tts_realtime_factor',
          value: round(audioMs / serviceMs),
          unit: 'audio s per s',
          goal: 'reported (> 1 speaks faster than it plays)',
          audio_ms: audioMs,
          service_median_ms: round(serviceMs, 1),
          synth_median_ms: round(median(service.map((run) => run.synthMs)), 1),
          sentence_chars: SENTENCE.length,
          ...common,
        },
        {
          bench: 'voice.tts_ratio',
          value: round(serviceMs / aloneMs),
          unit: 'ratio',
          goal: '<= 1.05',
          service_median_ms: round(serviceMs, 1),
          alone_median_ms: round(aloneMs, 1),
          ...common,
        },
      ];
    },
  },
];

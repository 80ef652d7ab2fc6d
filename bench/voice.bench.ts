// voice.transcribe_ratio: a recording handed to the core's voice:transcribe
// through the real browser host's WebSocket (base64 encoding, frame, schema
// check, temp file, whisper-cli under the supervisor, transcript read back) until
// the text arrives, divided by running the same whisper-cli with the same
// arguments directly on the same WAV file; medians of interleaved runs.
// The tiny random-weight model by default (~0.3 s a run, so the app's overhead
// shows at its largest); EVA_BENCH_WHISPER_MODEL=<ggml model> measures a real one.
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bytesToBase64 } from '../src/shared/audio/base64';
import { toWhisperWav } from '../src/shared/audio/whisper-wav';
import { spawnSupervised } from '../src/main/services/process/supervisor';
import { joinSegments } from '../src/main/services/voice/transcript-text';
import { whisperArgs } from '../src/main/services/voice/whisper-args';
import { whisperAssets } from '../src/main/services/voice/whisper-test-assets';
import { startHost } from '../src/test-support/host-process';
import { seededRandom } from '../src/test-support/seeded-random';
import { connectHost, type HostClient } from '../src/test-support/ws-client';
import type { Benchmark, BenchResult } from './run';
import { median, round } from './stats';

const RUNS = 15;
const SECONDS = 5;
const LANGUAGE = 'en';

/** What the recorder would hand over: 5 s of a 48 kHz stereo capture (a tone in noise), converted to 16 kHz mono. */
function recording(): Uint8Array {
  const random = seededRandom(3);
  const rate = 48_000;
  const channel = Float32Array.from({ length: rate * SECONDS }, (_, i) => 0.3 * Math.sin((2 * Math.PI * 180 * i) / rate) + 0.1 * (random() - 0.5));
  return toWhisperWav([channel, channel], rate);
}

async function appRun(client: HostClient, wav: Uint8Array): Promise<{ ms: number; text: string; coreMs: number }> {
  const started = performance.now();
  const result = await client.invoke('voice:transcribe', { wavBase64: bytesToBase64(wav) });
  return { ms: performance.now() - started, text: result.text, coreMs: result.durationMs };
}

async function rawRun(cli: string, modelPath: string, wavPath: string, dir: string): Promise<{ ms: number; text: string }> {
  const outputBase = join(dir, 'raw-transcript');
  const started = performance.now();
  const proc = spawnSupervised({ command: cli, args: whisperArgs({ modelPath, wavPath, outputBase, language: LANGUAGE }), cwd: dir });
  const exit = await proc.exited;
  const text = await readFile(`${outputBase}.txt`, 'utf8');
  const ms = performance.now() - started;
  if (exit.code !== 0) throw new Error(`raw whisper-cli exited with ${exit.code ?? exit.signal}`);
  await rm(`${outputBase}.txt`);
  return { ms, text: joinSegments(text) };
}

/** The measurement against a running host (the bench starts the built one). */
export async function transcribeRatio(hostUrl: string): Promise<BenchResult> {
  const modelPath = process.env.EVA_BENCH_WHISPER_MODEL ?? whisperAssets.tinyModel;
  for (const file of [whisperAssets.cli, modelPath]) {
    if (!existsSync(file)) throw new Error(`${file} is missing: run \`npm run backend:build -- --only whisper-cli\` and \`npx tsx scripts/fixtures/make-whisper-model.ts\``);
  }
  const wav = recording();
  const dir = await mkdtemp(join(tmpdir(), 'eva-bench-voice-'));
  const wavPath = join(dir, 'recording.wav');
  await writeFile(wavPath, wav);
  const client = await connectHost(hostUrl);
  try {
    const settings = await client.invoke('settings:update', { voice: { modelPath, language: LANGUAGE } });
    if (settings.voice.modelPath !== modelPath) throw new Error('settings:update did not take the voice model');
    const status = await client.invoke('voice:status');
    if (status.problem) throw new Error(`voice is not ready in the host: ${status.problem}`);
    // The first run of each pays for a cold page cache; not counted.
    const warm = await appRun(client, wav);
    const warmRaw = await rawRun(whisperAssets.cli, modelPath, wavPath, dir);
    if (warm.text !== warmRaw.text) throw new Error(`the app and whisper-cli disagree on the text: "${warm.text}" vs "${warmRaw.text}"`);
    const app: number[] = [];
    const core: number[] = [];
    const raw: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      // Alternate which goes first, so neither always runs on the warmer machine.
      if (i % 2 === 1) raw.push((await rawRun(whisperAssets.cli, modelPath, wavPath, dir)).ms);
      const run = await appRun(client, wav);
      app.push(run.ms);
      core.push(run.coreMs);
      if (i % 2 === 0) raw.push((await rawRun(whisperAssets.cli, modelPath, wavPath, dir)).ms);
    }
    return {
      bench: 'voice.transcribe_ratio',
      value: round(median(app) / median(raw)),
      unit: 'ratio',
      goal: '<= 1.05',
      app_median_ms: round(median(app), 1),
      core_median_ms: round(median(core), 1),
      raw_median_ms: round(median(raw), 1),
      audio_s: SECONDS,
      wav_bytes: wav.length,
      model: modelPath,
      runs: RUNS,
    };
  } finally {
    client.close();
    await rm(dir, { recursive: true, force: true });
  }
}

export const voiceBenchmarks: Benchmark[] = [
  {
    names: ['voice.transcribe_ratio'],
    async run(): Promise<BenchResult[]> {
      const host = await startHost();
      try {
        return [await transcribeRatio(host.url)];
      } finally {
        await host.stop();
      }
    },
  },
];

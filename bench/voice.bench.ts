// voice.transcribe_ratio: F2 voice input as the user meets it, in real Chromium
// against the real browser host: the F2 that stops a recording of Chromium's fake
// microphone → the transcript in the chat input, in the page's clock (capture
// finished, the request for the transcript — the audio itself went to the core
// while it was recorded — the WebSocket both ways, the host, whisper-cli under
// the supervisor, the recorder store and React), divided by whisper-cli run
// directly with the app's arguments on the very WAV whisper got.
// voice.transcribe_core_ratio: the host-level part alone, the same WAV handed to
// voice:transcribe by a Node WebSocket client, over the same direct runs.
// Interleaved runs, medians. The tiny random-weight model by default (~0.3 s a
// run, so the app's overhead shows at its largest); EVA_BENCH_WHISPER_MODEL=<ggml
// model> measures a real one.
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { bytesToBase64 } from '@shared/audio/base64';
import { encodeWav16Mono } from '@shared/audio/wav';
import { whisperAssets } from '@test-support/voice/whisper-test-assets';
import { startHost, tinyModel } from '@test-support/host-process';
import { seededRandom } from '@test-support/seeded-random';
import { connectHost, type HostClient } from '@test-support/ws-client';
import type { Benchmark, BenchResult } from './types';
import { median, round } from './stats';
import { launchWithFakeMicrophone, recordAndTranscribe, VOICE_PROBE, type PageVoiceRun } from './voice-page';
import { runWhisperDirect, type DirectWhisper } from './whisper-direct';

const RUNS = 15;
const SECONDS = 5;
const LANGUAGE = 'en';

/**
 * What the fake microphone loops: 5 s of a 180 Hz tone in noise, 48 kHz mono 16-bit (Chromium resamples it to the
 * capture rate).
 */
function microphoneSource(): Uint8Array {
  const random = seededRandom(3);
  const rate = 48_000;
  return encodeWav16Mono(
    Float32Array.from(
      { length: rate * SECONDS },
      (_, i) => 0.3 * Math.sin((2 * Math.PI * 180 * i) / rate) + 0.1 * (random() - 0.5),
    ),
    rate,
  );
}

/** The WAV of the newest page run, on disk for whisper-cli, with what the app made of it. */
interface Recording {
  wav: Uint8Array;
  path: string;
  text: string;
}

async function coreRun(client: HostClient, recording: Recording): Promise<{ ms: number; serviceMs: number }> {
  const started = performance.now();
  const result = await client.invoke('voice:transcribe', {
    wavBase64: bytesToBase64(recording.wav),
    language: LANGUAGE,
  });
  const ms = performance.now() - started;
  if (result.text !== recording.text)
    throw new Error(
      `voice:transcribe from Node and from the page disagree on the same WAV: "${result.text}" vs "${recording.text}"`,
    );
  return { ms, serviceMs: result.durationMs };
}

async function directRun(whisper: DirectWhisper, recording: Recording): Promise<number> {
  const run = await runWhisperDirect(whisper, recording.path);
  if (run.text !== recording.text)
    throw new Error(`the app and whisper-cli disagree on the same WAV: "${recording.text}" vs "${run.text}"`);
  return run.ms;
}

async function measure(page: Page, client: HostClient, whisper: DirectWhisper): Promise<BenchResult[]> {
  let serial = 0;
  const keep = async (run: PageVoiceRun): Promise<Recording> => {
    const path = join(whisper.dir, `recording-${serial++}.wav`);
    await writeFile(path, run.wav);
    return { wav: run.wav, path, text: run.transcript.text };
  };
  // The first of each pays for cold caches (the page's code paths, the model file); not counted.
  let recording = await keep(await recordAndTranscribe(page, SECONDS));
  await directRun(whisper, recording);
  await coreRun(client, recording);

  const ui: PageVoiceRun[] = [];
  const direct: number[] = [];
  const core: { ms: number; serviceMs: number }[] = [];
  const steps = [
    async () => {
      const run = await recordAndTranscribe(page, SECONDS);
      ui.push(run);
      recording = await keep(run);
    },
    async () => direct.push(await directRun(whisper, recording)),
    async () => core.push(await coreRun(client, recording)),
  ];
  for (let i = 0; i < RUNS; i++) {
    // Rotate the order, so none of the three always runs first or right after another.
    for (let k = 0; k < steps.length; k++) await steps[(i + k) % steps.length]!();
  }
  const directMs = median(direct);
  const uiMs = median(ui.map((run) => run.toValueMs));
  const coreMs = median(core.map((run) => run.ms));
  return [
    {
      bench: 'voice.transcribe_ratio',
      value: round(uiMs / directMs),
      unit: 'ratio',
      goal: '<= 1.05',
      app_median_ms: round(uiMs, 1),
      app_painted_median_ms: round(median(ui.map((run) => run.toPaintMs)), 1),
      page_prepare_median_ms: round(median(ui.map((run) => run.toSentMs)), 1),
      round_trip_median_ms: round(median(ui.map((run) => run.roundTripMs)), 1),
      core_service_median_ms: round(median(ui.map((run) => run.transcript.durationMs)), 1),
      insert_median_ms: round(median(ui.map((run) => run.insertMs)), 1),
      direct_median_ms: round(directMs, 1),
      audio_median_ms: median(ui.map((run) => run.transcript.audioMs)),
      wav_bytes: recording.wav.length,
      streamed_runs: ui.filter((run) => run.streamed).length,
      model: whisper.modelPath,
      runs: RUNS,
    },
    {
      bench: 'voice.transcribe_core_ratio',
      value: round(coreMs / directMs),
      unit: 'ratio',
      goal: 'detail of voice.transcribe_ratio: host level only',
      core_median_ms: round(coreMs, 1),
      core_service_median_ms: round(median(core.map((run) => run.serviceMs)), 1),
      direct_median_ms: round(directMs, 1),
      runs: RUNS,
    },
  ];
}

export const voiceBenchmarks: Benchmark[] = [
  {
    names: ['voice.transcribe_ratio', 'voice.transcribe_core_ratio'],
    async run(): Promise<BenchResult[]> {
      const modelPath = process.env.EVA_BENCH_WHISPER_MODEL ?? whisperAssets.tinyModel;
      for (const file of [whisperAssets.cli, modelPath, tinyModel]) {
        if (!existsSync(file))
          throw new Error(
            `${file} is missing: run \`npm test\` once (it provisions it), or \`npm run backend:build -- --only whisper-cli\` and \`npx tsx scripts/fixtures/make-whisper-model.ts\``,
          );
      }
      const dir = await mkdtemp(join(tmpdir(), 'eva-bench-voice-'));
      const source = join(dir, 'microphone.wav');
      await writeFile(source, microphoneSource());
      const host = await startHost();
      const browser = await launchWithFakeMicrophone(source);
      const client = await connectHost(host.url);
      try {
        const settings = await client.invoke('settings:update', { voice: { modelPath, language: LANGUAGE } });
        if (settings.voice.modelPath !== modelPath) throw new Error('settings:update did not take the voice model');
        const status = await client.invoke('voice:status');
        if (status.problem) throw new Error(`voice is not ready in the host: ${status.problem}`);
        // The composer is shown once there is something to talk to: the tiny chat model.
        await client.invoke('backend:load', { ...settings.load, modelPath: tinyModel });
        const page = await browser.newPage();
        await page.addInitScript(VOICE_PROBE);
        await page.goto(host.url);
        await page.locator('[data-testid="voice-record"][title="Record voice (F2)"]').waitFor();
        return await measure(page, client, { cli: whisperAssets.cli, modelPath, language: LANGUAGE, dir });
      } finally {
        client.close();
        await browser.close();
        await host.stop();
        await rm(dir, { recursive: true, force: true });
      }
    },
  },
];

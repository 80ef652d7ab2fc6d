// One llama-tts run for one sentence: it runs through the process lifecycle (its own process group, never in
// this event loop) and writes its WAV into a private temp folder, which is read back and removed. A timeout or
// an abort stops the whole process tree at once; the temp folder is always removed.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TtsArchitecture, TtsLanguage } from '@shared/audio/tts-schemas';
import type { WavInfo } from '@shared/audio/wav';
import { AppFailure } from '@shared/errors';
import { ifExists } from '../../fs/if-exists';
import type { Launch } from '../../process/process-lifecycle';
import { llamaTtsArgs, maxFramesFor, TTS_FRAMES_PER_SECOND } from './tts-args';
import { judgeTtsRun } from './tts-outcome';

export interface TtsRunRequest {
  binaryPath: string;
  architecture: TtsArchitecture;
  modelPath: string;
  mmprojPath: string;
  text: string;
  language?: TtsLanguage;
  speakerPath?: string;
  /** the process lifecycle's launcher, so quitting the app (or its death) stops the run */
  launch: Launch;
  signal?: AbortSignal;
  /** frames of audio at most (default: maxFramesFor(text)) */
  maxFrames?: number;
  threads?: number;
  seed?: number;
  /** default: ttsTimeoutMs(maxFrames) */
  timeoutMs?: number;
  /** where the per-run temp folder is made (default: the OS temp dir) */
  tempRoot?: string;
}

export interface TtsRunResult {
  wav: Uint8Array;
  info: WavInfo;
  /** from the spawn to the exit, ms */
  runMs: number;
}

/** SIGTERM → SIGKILL: llama-tts keeps no state worth a goodbye, and "stop" must stop the voice at once. */
const KILL_GRACE_MS = 300;
const TAIL_LINES = 40;

/** Two minutes to load a large voice model on a slow CPU, plus twenty times the longest audio it may make. */
export function ttsTimeoutMs(maxFrames: number): number {
  return 120_000 + 20 * (maxFrames / TTS_FRAMES_PER_SECOND) * 1000;
}

/** The sentence as a WAV; throws AppFailure when the run fails or is stopped. */
export async function runLlamaTts(request: TtsRunRequest): Promise<TtsRunResult> {
  // Stopped while its files were being checked: nothing is started at all.
  if (request.signal?.aborted)
    throw new AppFailure('backend_failed', 'Speaking was stopped.', { reason: 'tts_stopped' });
  const dir = await mkdtemp(join(request.tempRoot ?? tmpdir(), 'eva-tts-'));
  try {
    const outPath = join(dir, 'speech.wav');
    const maxFrames = request.maxFrames ?? maxFramesFor(request.text);
    const timeoutMs = request.timeoutMs ?? ttsTimeoutMs(maxFrames);
    const started = performance.now();
    const proc = request.launch({
      name: 'llama-tts',
      command: request.binaryPath,
      args: llamaTtsArgs({ ...request, outPath, maxFrames }),
      cwd: dir,
      output: { mode: 'none' },
      timeoutMs,
      signal: request.signal,
      killGraceMs: KILL_GRACE_MS,
    });
    const exit = await proc.exited;
    const runMs = performance.now() - started;
    const stoppedBy = exit.why === 'timeout' ? 'timeout' : exit.why === 'aborted' ? 'cancel' : null;
    const wav = stoppedBy ? null : await ifExists(readFile(outPath));
    const verdict = judgeTtsRun({
      stoppedBy,
      timeoutMs,
      exit,
      tail: exit.lastLines.slice(-TAIL_LINES),
      wav: wav ? new Uint8Array(wav.buffer, wav.byteOffset, wav.byteLength) : null,
      binaryPath: request.binaryPath,
      modelPath: request.modelPath,
      mmprojPath: request.mmprojPath,
    });
    if (!verdict.ok) throw verdict.failure;
    return { wav: verdict.wav, info: verdict.info, runMs };
  } finally {
    // Best-effort tidy-up of a temp folder in `finally`: throwing here would hide the run's own outcome.
    await rm(dir, { recursive: true, force: true }).catch(() => undefined);
  }
}

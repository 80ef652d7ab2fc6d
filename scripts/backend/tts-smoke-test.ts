// A new llama-tts must prove itself before it replaces the installed one, as llama-server does (smoke-test.ts):
// it loads the tiny random-weight Qwen3-TTS pair and writes a few frames of audio. A build that crashes on this
// CPU, lacks libmtmd's audio generation or cannot load a model fails here, and the previous build stays in place.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchProcess } from '@main/services/process/launch';
import { describeExit } from '@main/services/process/exit-record';
import { parseWavHeader } from '@shared/audio/wav';
import type { BackendKind } from '@shared/contract';
import { makeTtsModel } from '../fixtures/make-tts-model';
import { BackendBuildError } from './build-error';
import type { SmokeResult } from './smoke-test';

const TIMEOUT_MS = 60_000;
/** Eight frames: 0.64 s of audio, enough to run the backbone, the code predictor and code2wav once. */
const FRAMES = 8;
const SAMPLE_RATE = 24_000;

export async function smokeTestTts(
  ttsPath: string,
  files: { model: string; mmproj: string },
  options: { timeoutMs?: number } = {},
): Promise<SmokeResult> {
  const started = Date.now();
  const dir = await mkdtemp(join(tmpdir(), 'eva-tts-smoke-'));
  const out = join(dir, 'smoke.wav');
  try {
    const child = launchProcess({
      name: 'llama-tts (smoke test)',
      command: ttsPath,
      args: ['-m', files.model, '--mmproj', files.mmproj, '-p', 'Hello.', '-n', String(FRAMES), '-o', out, '-t', '1'],
      cwd: dir,
      output: { mode: 'none' },
      timeoutMs: options.timeoutMs ?? TIMEOUT_MS,
      killGraceMs: 1000,
    });
    const exit = await child.exited;
    const said = exit.lastLines.length > 0 ? `; its last lines:\n  ${exit.lastLines.slice(-8).join('\n  ')}` : '';
    if (exit.why === 'timeout')
      return { ok: false, reason: `llama-tts did not finish within ${TIMEOUT_MS / 1000} s${said}` };
    if (exit.code !== 0) return { ok: false, reason: `llama-tts stopped with ${describeExit(exit)}${said}` };
    const wav = await readFile(out).catch(() => null);
    if (!wav) return { ok: false, reason: `llama-tts exited 0 but wrote no ${out}${said}` };
    let info: ReturnType<typeof parseWavHeader>;
    try {
      info = parseWavHeader(wav);
    } catch (error) {
      return { ok: false, reason: `llama-tts wrote a file that is not a WAV: ${(error as Error).message}` };
    }
    if (info.sampleRate !== SAMPLE_RATE || info.frames === 0)
      return { ok: false, reason: `llama-tts wrote ${info.frames} samples at ${info.sampleRate} Hz` };
    return { ok: true, ms: Date.now() - started };
  } finally {
    // Best-effort tidy-up of a temp folder in `finally`: throwing here would hide the smoke test's own outcome.
    await rm(dir, { recursive: true, force: true }).catch(() => undefined);
  }
}

/** Throws smoke-failed unless the new llama-tts speaks with the tiny test voice; the caller installs only after it. */
export async function requireTtsSmokePass(
  built: string,
  at: { repoRoot: string; backend: BackendKind; log: (line: string) => void; skip: boolean },
): Promise<void> {
  if (at.skip) return;
  const files = await makeTtsModel({ repoRoot: at.repoRoot, log: () => undefined });
  const smoke = await smokeTestTts(built, files);
  if (!smoke.ok)
    throw new BackendBuildError(
      'smoke-failed',
      `the new ${at.backend} llama-tts failed its smoke test (speak a few frames with the tiny test voice), so bin/${at.backend} keeps the build it had: ${smoke.reason}`,
      { backend: at.backend },
    );
  at.log(`smoke test passed in ${(smoke.ms / 1000).toFixed(1)} s: the new llama-tts spoke with the tiny test voice`);
}

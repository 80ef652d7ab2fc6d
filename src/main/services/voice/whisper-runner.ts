// One whisper-cli run on a WAV: the bytes go to a private temp folder, whisper-cli
// runs under the process supervisor (its own process group, never in this event
// loop), and the transcript file is read back. A timeout or an abort stops the
// whole process tree; the temp folder is always removed.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { VoiceLanguage } from '../../../shared/audio/voice-schemas';
import { LogRing } from '../backend/log-ring';
import type { ProcessRegistry } from '../process/process-registry';
import { spawnSupervised } from '../process/supervisor';
import { whisperArgs } from './whisper-args';
import { judgeWhisperRun } from './whisper-outcome';

export interface WhisperRunRequest {
  cliPath: string;
  modelPath: string;
  /** a complete WAV file */
  wav: Uint8Array;
  language: VoiceLanguage;
  timeoutMs: number;
  signal?: AbortSignal;
  /** tracks the child so quitting the app stops it */
  registry?: ProcessRegistry;
  /** where the per-run temp folder is made (default: the OS temp dir) */
  tempRoot?: string;
  /** SIGTERM → SIGKILL delay when stopping it */
  killGraceMs?: number;
}

const STDERR_TAIL_LINES = 40;
const DEFAULT_GRACE_MS = 1_000;

/** The raw transcript text (one segment per line); throws AppFailure when the run fails. */
export async function runWhisper(request: WhisperRunRequest): Promise<string> {
  const dir = await mkdtemp(join(request.tempRoot ?? tmpdir(), 'eva-whisper-'));
  try {
    const wavPath = join(dir, 'recording.wav');
    const outputBase = join(dir, 'transcript');
    await writeFile(wavPath, request.wav);

    const stderr = new LogRing(STDERR_TAIL_LINES);
    const proc = spawnSupervised({
      command: request.cliPath,
      args: whisperArgs({ modelPath: request.modelPath, wavPath, outputBase, language: request.language }),
      cwd: dir,
      onLine: (stream, line) => {
        if (stream === 'stderr') stderr.push('stderr', line);
      },
      killGraceMs: request.killGraceMs ?? DEFAULT_GRACE_MS,
    });
    request.registry?.track(proc);

    let stoppedBy: 'timeout' | 'cancel' | null = null;
    const stop = (why: 'timeout' | 'cancel') => {
      stoppedBy ??= why;
      void proc.stop();
    };
    const timer = setTimeout(() => stop('timeout'), request.timeoutMs);
    const onAbort = () => stop('cancel');
    request.signal?.addEventListener('abort', onAbort, { once: true });
    if (request.signal?.aborted) onAbort();
    const exit = await proc.exited.finally(() => {
      clearTimeout(timer);
      request.signal?.removeEventListener('abort', onAbort);
    });

    const transcript = stoppedBy ? null : await readFile(`${outputBase}.txt`, 'utf8').catch(() => null);
    const verdict = judgeWhisperRun({
      stoppedBy,
      timeoutMs: request.timeoutMs,
      exit,
      stderrTail: stderr.all().map((line) => line.text),
      transcript,
      cliPath: request.cliPath,
      modelPath: request.modelPath,
    });
    if (!verdict.ok) throw verdict.failure;
    return verdict.transcript;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

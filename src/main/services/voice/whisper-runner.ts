// One whisper-cli run on a WAV: the bytes go to a private temp folder, whisper-cli
// runs through the process lifecycle (its own process group, never in this event
// loop), and the transcript file is read back. A timeout or an abort stops the
// whole process tree; the temp folder is always removed — after the answer when
// the caller takes the removal (onCleanup), as the voice service does.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { VoiceLanguage } from '@shared/audio/voice-schemas';
import { ifExists } from '../fs/if-exists';
import type { Launch } from '../process/process-lifecycle';
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
  /** the process lifecycle's launcher, so quitting the app (or its death) stops the run */
  launch: Launch;
  /** where the per-run temp folder is made (default: the OS temp dir) */
  tempRoot?: string;
  /** SIGTERM → SIGKILL delay when stopping it */
  killGraceMs?: number;
  /** takes the temp folder's removal instead of waiting for it (~1 ms the user would wait for) */
  onCleanup?: (removed: Promise<void>) => void;
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

    const proc = request.launch({
      name: 'whisper-cli',
      command: request.cliPath,
      args: whisperArgs({ modelPath: request.modelPath, wavPath, outputBase, language: request.language }),
      cwd: dir,
      output: { mode: 'none' },
      timeoutMs: request.timeoutMs,
      signal: request.signal,
      killGraceMs: request.killGraceMs ?? DEFAULT_GRACE_MS,
    });
    const exit = await proc.exited;
    const stoppedBy = exit.why === 'timeout' ? 'timeout' : exit.why === 'aborted' ? 'cancel' : null;

    // No transcript file is judged below (whisper-cli wrote nothing); an unreadable one is reported as it is.
    const transcript = stoppedBy ? null : await ifExists(readFile(`${outputBase}.txt`, 'utf8'));
    const verdict = judgeWhisperRun({
      stoppedBy,
      timeoutMs: request.timeoutMs,
      exit,
      stderrTail: exit.lastLines.slice(-STDERR_TAIL_LINES),
      transcript,
      cliPath: request.cliPath,
      modelPath: request.modelPath,
    });
    if (!verdict.ok) throw verdict.failure;
    return verdict.transcript;
  } finally {
    // Best-effort tidy-up of a temp folder in `finally`: throwing here would hide the run's own outcome.
    const removed = rm(dir, { recursive: true, force: true }).catch(() => undefined);
    if (request.onCleanup) request.onCleanup(removed);
    else await removed;
  }
}

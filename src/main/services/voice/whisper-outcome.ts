// Did a whisper-cli run work? Not from the exit code alone: whisper-cli exits 0
// when it cannot read the audio or does not know the language, and just writes
// no transcript. Pure: the runner gathers the facts, this judges them.
import type { VoiceFailureReason } from '@shared/audio/voice-schemas';
import { AppFailure, type ErrorCode } from '@shared/errors';

export interface WhisperRunFacts {
  /** why we stopped it ourselves, if we did */
  stoppedBy: 'timeout' | 'cancel' | null;
  timeoutMs: number;
  exit: { code: number | null; signal: NodeJS.Signals | null; spawnError: string | null };
  /** the last lines of its stderr */
  stderrTail: string[];
  /** the transcript file's text, or null when it wrote none */
  transcript: string | null;
  cliPath: string;
  modelPath: string;
}

const MODEL_BROKEN =
  /failed to (initialize whisper context|load model)|invalid model|bad magic|bad vocab|unknown tensor|wrong (size|shape)|not all tensors loaded/i;
const AUDIO_BROKEN = /failed to read audio|failed to open audio|failed to decode audio|input file not found/i;
const OUTSIDE_KILL: ReadonlySet<string> = new Set(['SIGKILL', 'SIGTERM', 'SIGINT', 'SIGHUP']);

/** The transcript text, or the AppFailure that says what went wrong. */
export function judgeWhisperRun(
  facts: WhisperRunFacts,
): { ok: true; transcript: string } | { ok: false; failure: AppFailure } {
  const tail = facts.stderrTail;
  const fail = (code: ErrorCode, reason: VoiceFailureReason, message: string) => ({
    ok: false as const,
    failure: new AppFailure(code, message, { reason, stderrTail: tail }),
  });
  const { exit } = facts;
  if (facts.stoppedBy === 'timeout')
    return fail(
      'backend_failed',
      'timeout',
      `Transcription took longer than ${seconds(facts.timeoutMs)} s and was stopped; try a shorter recording or a smaller whisper model.`,
    );
  if (facts.stoppedBy === 'cancel') return fail('backend_failed', 'cancelled', 'Transcription was cancelled.');
  if (exit.spawnError)
    return fail(
      'backend_not_executable',
      'binary_missing',
      `whisper-cli could not be started (${exit.spawnError}); run \`npm run backend:build\` to build ${facts.cliPath}.`,
    );
  const stderr = tail.join('\n');
  if (exit.signal) {
    if (OUTSIDE_KILL.has(exit.signal))
      return fail(
        'backend_failed',
        'killed',
        `whisper-cli was killed (${exit.signal}) before it finished; if this repeats, the model may be too large for the free memory.`,
      );
    return fail('backend_failed', 'failed', `whisper-cli crashed (${exit.signal}).`);
  }
  // The loader's own complaint comes before "failed to initialize whisper context", and both before any audio work.
  if (exit.code !== 0 && MODEL_BROKEN.test(stderr))
    return fail(
      'model_invalid',
      'model_invalid',
      `${facts.modelPath} could not be loaded as a whisper model (damaged, or not a whisper.cpp ggml file).`,
    );
  if (AUDIO_BROKEN.test(stderr))
    return fail('bad_request', 'audio_invalid', 'whisper-cli could not read the recording (not a valid WAV file).');
  if (/unknown language/i.test(stderr))
    return fail('bad_request', 'failed', 'whisper-cli does not know the chosen language.');
  if (exit.code !== 0) return fail('backend_failed', 'failed', `whisper-cli failed (exit ${exit.code}).`);
  if (facts.transcript === null)
    return fail('backend_failed', 'failed', 'whisper-cli finished without writing a transcript.');
  return { ok: true, transcript: facts.transcript };
}

function seconds(ms: number): string {
  return ms < 10_000 ? (ms / 1000).toFixed(1) : String(Math.round(ms / 1000));
}

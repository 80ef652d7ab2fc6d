// Did a llama-tts run speak? Not from the exit code alone: the WAV it wrote must be there and hold audio. Pure:
// the runner gathers the facts, this judges them.
import { parseWavHeader, type WavInfo } from '@shared/audio/wav';
import { AppFailure } from '@shared/errors';

export interface TtsRunFacts {
  /** why we stopped it ourselves, if we did */
  stoppedBy: 'timeout' | 'cancel' | null;
  timeoutMs: number;
  exit: { code: number | null; signal: NodeJS.Signals | null; spawnError: string | null };
  /** its last lines (stderr and stdout) */
  tail: string[];
  /** the WAV file it wrote, or null when it wrote none */
  wav: Uint8Array | null;
  binaryPath: string;
  modelPath: string;
  mmprojPath: string;
}

const MODEL_BROKEN =
  /failed to (load model|init model|load mmproj)|error loading model|unable to find tensor|wrong shape/i;
const MMPROJ_SILENT = /mmproj does not support audio generation|failed to load CLIP model|unknown projector type/i;
const OUTSIDE_KILL: ReadonlySet<string> = new Set(['SIGKILL', 'SIGTERM', 'SIGINT', 'SIGHUP']);
const TAIL_IN_MESSAGE = 4;

/** The WAV and its header, or the AppFailure that says what went wrong. */
export function judgeTtsRun(
  facts: TtsRunFacts,
): { ok: true; wav: Uint8Array; info: WavInfo } | { ok: false; failure: AppFailure } {
  const { exit, tail } = facts;
  const said = tail.length > 0 ? ` It said: ${tail.slice(-TAIL_IN_MESSAGE).join(' | ')}` : '';
  if (facts.stoppedBy === 'timeout')
    return failed(
      new AppFailure(
        'backend_failed',
        `Speaking one sentence took longer than ${Math.round(facts.timeoutMs / 1000)} s and was stopped; ` +
          'a smaller voice model, or a GPU build, speaks faster.',
        { reason: 'tts_timeout', tail },
      ),
    );
  if (facts.stoppedBy === 'cancel')
    return failed(new AppFailure('backend_failed', 'Speaking was stopped.', { reason: 'tts_stopped' }));
  if (exit.spawnError)
    return failed(
      new AppFailure(
        'backend_not_executable',
        `llama-tts could not be started (${exit.spawnError}); run \`npm run backend:build\` to build ${facts.binaryPath}.`,
        { reason: 'tts_binary_missing' },
      ),
    );
  if (exit.signal) {
    const why = OUTSIDE_KILL.has(exit.signal)
      ? `was killed (${exit.signal}) before it finished; if this repeats, the voice model may be too large for the free memory.`
      : `crashed (${exit.signal}).`;
    return failed(new AppFailure('backend_failed', `llama-tts ${why}${said}`, { reason: 'tts_failed', tail }));
  }
  const text = tail.join('\n');
  if (exit.code !== 0 && MMPROJ_SILENT.test(text))
    return failed(
      new AppFailure('model_invalid', `${facts.mmprojPath} could not be loaded as the voice's mmproj.${said}`, {
        reason: 'tts_mmproj_mismatch',
        tail,
      }),
    );
  if (exit.code !== 0 && MODEL_BROKEN.test(text))
    return failed(
      new AppFailure(
        'model_invalid',
        `${facts.modelPath} could not be loaded by llama-tts (damaged, or another kind of model).${said}`,
        {
          reason: 'tts_not_tts_model',
          tail,
        },
      ),
    );
  if (exit.code !== 0)
    return failed(
      new AppFailure('backend_failed', `llama-tts failed (exit ${exit.code}).${said}`, { reason: 'tts_failed', tail }),
    );
  if (facts.wav === null)
    return failed(
      new AppFailure('backend_failed', `llama-tts finished without writing audio.${said}`, {
        reason: 'tts_failed',
        tail,
      }),
    );
  let info: WavInfo;
  try {
    info = parseWavHeader(facts.wav);
  } catch (error) {
    return failed(
      new AppFailure('backend_failed', `llama-tts wrote a file that is not audio: ${(error as Error).message}.`, {
        reason: 'tts_failed',
      }),
    );
  }
  return { ok: true, wav: facts.wav, info };
}

function failed(failure: AppFailure): { ok: false; failure: AppFailure } {
  return { ok: false, failure };
}

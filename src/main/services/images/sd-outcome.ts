// Did an sd-cli run work, and if not, why, in words a person can act on. sd-cli
// says what went wrong only in its log, so the known sentences are matched here
// (measured on stable-diffusion.cpp 97d29908, see ../shared/research/side-binaries.md):
// errors go to stderr, the log's INFO lines (a failed save among them) to
// stdout. Pure: the job gathers the facts.
import { AppFailure, type ErrorCode } from '@shared/errors';
import type { ImageFailureReason } from '@shared/images/image-types';

export interface SdRunFacts {
  /** we stopped it (Cancel, or the app quitting) */
  cancelled: boolean;
  exit: { code: number | null; signal: NodeJS.Signals | null; spawnError: string | null };
  stderrTail: string[];
  stdoutTail: string[];
  /** the main model file, for the words */
  modelPath: string;
}

interface Known {
  pattern: RegExp;
  code: ErrorCode;
  reason: ImageFailureReason;
  say: (facts: SdRunFacts, match: RegExpExecArray) => string;
}

// The first that matches wins: the specific cause comes before the generic lines that follow it.
const KNOWN: readonly Known[] = [
  {
    pattern:
      /insufficient memory|failed to allocate|out of memory|std::bad_alloc|cannot allocate memory|mem_buffer != NULL/i,
    code: 'out_of_memory',
    reason: 'out_of_memory',
    say: () =>
      'sd-cli ran out of memory. Choose a smaller picture or fewer steps, close other programs, or use a smaller (quantized) model.',
  },
  {
    pattern: /invalid sample method (\S+)/,
    code: 'bad_request',
    reason: 'unknown_sampler',
    say: (_f, m) => `This sd-cli does not know the sampler "${m[1]}"; choose another one.`,
  },
  {
    pattern:
      /data offsets out of bounds|unknown format|init model loader from file failed|has wrong shape in model file|not in model file|load tensors from file failed|failed to read|invalid safetensor/i,
    code: 'model_invalid',
    reason: 'corrupt_model',
    say: (f) => `${f.modelPath} is damaged, incomplete (a partial download?) or not a model sd-cli can read.`,
  },
  {
    pattern: /get sd version from file failed|unknown model version|unsupported model/i,
    code: 'model_invalid',
    reason: 'not_sd_model',
    say: (f) => `${f.modelPath} is not a Stable Diffusion model sd-cli knows.`,
  },
  {
    pattern: /load image from '.*' failed/,
    code: 'bad_request',
    reason: 'bad_init_image',
    say: () => 'sd-cli could not read the start image.',
  },
  {
    pattern: /No space left on device/i,
    code: 'disk_full',
    reason: 'disk_full',
    say: () => 'The disk is full: the picture could not be saved.',
  },
  {
    pattern: /failed to create directory|save result image \d+ to '.*' \(failure\)/,
    code: 'backend_failed',
    reason: 'write_failed',
    say: () => 'sd-cli could not save the picture.',
  },
];

/** The failure a run ended in, or null when it says it worked (the caller still checks the PNG). */
export function judgeSdRun(facts: SdRunFacts): AppFailure | null {
  const { exit } = facts;
  const fail = (code: ErrorCode, reason: ImageFailureReason, message: string) =>
    new AppFailure(code, message, { reason, path: facts.modelPath, stderrTail: facts.stderrTail });
  if (facts.cancelled) return fail('backend_failed', 'cancelled', 'The generation was cancelled.');
  if (exit.spawnError)
    return fail(
      'backend_not_executable',
      'binary_missing',
      `sd-cli could not be started (${exit.spawnError}); build it with \`npm run backend:build -- --sd\`.`,
    );
  const log = [...facts.stderrTail, ...facts.stdoutTail].join('\n');
  if (exit.code === 0 && exit.signal === null) return null;
  for (const known of KNOWN) {
    const match = known.pattern.exec(log);
    if (match)
      return fail(known.code, known.reason, `${known.say(facts, match)} (sd-cli: ${lineOf(log, match.index)})`);
  }
  // Killed by the system, not by us: on Linux that is the OOM killer in nearly every case.
  if (exit.signal === 'SIGKILL')
    return fail(
      'out_of_memory',
      'out_of_memory',
      'sd-cli was killed by the system before it finished, most likely for lack of memory. Choose a smaller picture or model.',
    );
  if (exit.signal) return fail('backend_failed', 'killed', `sd-cli was stopped by ${exit.signal} before it finished.`);
  return fail('backend_failed', 'failed', `sd-cli failed (exit ${exit.code}).`);
}

/** The whole log line a match sits in, without sd-cli's `[ERROR] file.cpp:123  - ` prefix. */
function lineOf(text: string, at: number): string {
  const start = text.lastIndexOf('\n', at) + 1;
  const end = text.indexOf('\n', at);
  return text
    .slice(start, end < 0 ? undefined : end)
    .replace(/^\[[A-Z]+\s*\]\s*\S+:\d+\s*-\s*/, '')
    .trim();
}

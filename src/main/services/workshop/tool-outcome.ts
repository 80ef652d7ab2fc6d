// Did a llama-quantize or llama-imatrix run work, and if not, why, in words a
// person can act on. The tools say what went wrong only in their stderr, so the
// known sentences are matched here (measured on llama.cpp de3ff815, see
// ../shared/research/side-binaries.md). Pure: the runner gathers the facts.
import { AppFailure, type ErrorCode } from '@shared/errors';
import type { WorkshopFailureReason } from '@shared/workshop/workshop-types';

export interface ToolRunFacts {
  tool: 'llama-quantize' | 'llama-imatrix';
  /** we stopped it (Cancel, or the app quitting) */
  cancelled: boolean;
  exit: { code: number | null; signal: NodeJS.Signals | null; spawnError: string | null };
  /** its last stderr lines */
  stderrTail: string[];
  modelPath: string;
  outputPath: string;
}

interface Known {
  pattern: RegExp;
  code: ErrorCode;
  reason: WorkshopFailureReason;
  say: (facts: ToolRunFacts, match: RegExpExecArray) => string;
}

// The first that matches wins: a load failure is reported before the generic lines that follow it.
const KNOWN: readonly Known[] = [
  {
    pattern: /invalid magic characters|failed to read magic/,
    code: 'model_invalid',
    reason: 'not_gguf',
    say: (f) => `${f.modelPath} is not a GGUF model file.`,
  },
  {
    pattern: /data is not within the file bounds|failed to read (key-value pairs|header|tensor info|tensor data)/,
    code: 'model_invalid',
    reason: 'truncated',
    say: (f) => `${f.modelPath} is damaged or incomplete (a partial download?).`,
  },
  {
    pattern: /failed to open GGUF file .*\((No such file|Not a directory)/,
    code: 'model_missing',
    reason: 'model_missing',
    say: (f) => `${f.modelPath} was not found.`,
  },
  {
    pattern: /requantizing from type (\S+) is disabled/,
    code: 'bad_request',
    reason: 'requantize_disabled',
    say: (_f, m) => `The model is quantized already (${m[1]}); requantizing loses quality and must be asked for.`,
  },
  {
    pattern: /invalid ftype|invalid ggml_type/,
    code: 'bad_request',
    reason: 'invalid_type',
    say: () => 'llama-quantize does not know this type.',
  },
  {
    pattern: /requires an imatrix|requires an importance matrix|Missing importance matrix/,
    code: 'bad_request',
    reason: 'needs_imatrix',
    say: () => 'This type needs an importance matrix: give a calibration text.',
  },
  {
    pattern: /you need at least (\d+) tokens/,
    code: 'bad_request',
    reason: 'calibration_too_short',
    say: (_f, m) => `The calibration text is too short (at least ${m[1]} tokens are needed).`,
  },
  {
    pattern: /iostream error|failed to open (file )?'.*' for writing|basic_ios/,
    code: 'backend_failed',
    reason: 'write_failed',
    say: (f) => `${f.outputPath} could not be written (no permission, no such folder, or the disk is full).`,
  },
];

/** The failure a run ended in, or null when it worked (the caller still checks its output file). */
export function judgeToolRun(facts: ToolRunFacts): AppFailure | null {
  const { exit, tool } = facts;
  const tail = facts.stderrTail;
  const fail = (code: ErrorCode, reason: WorkshopFailureReason, message: string, extra: Record<string, unknown> = {}) =>
    new AppFailure(code, message, {
      reason,
      tool,
      path: facts.modelPath,
      outputPath: facts.outputPath,
      stderrTail: tail,
      ...extra,
    });
  if (facts.cancelled) return fail('backend_failed', 'cancelled', `${tool} was cancelled.`);
  if (exit.spawnError)
    return fail(
      'backend_not_executable',
      'binary_missing',
      `${tool} could not be started (${exit.spawnError}); run \`npm run backend:build\`.`,
    );
  if (exit.signal)
    return fail(
      'backend_failed',
      'killed',
      `${tool} was killed (${exit.signal}) before it finished; if this repeats, the model may be too large for the free memory.`,
    );
  if (exit.code === 0) return null;
  const stderr = tail.join('\n');
  for (const known of KNOWN) {
    const match = known.pattern.exec(stderr);
    if (match)
      return fail(known.code, known.reason, `${known.say(facts, match)} (${tool}: ${lineOf(stderr, match.index)})`);
  }
  return fail('backend_failed', 'failed', `${tool} failed (exit ${exit.code}).`);
}

/**
 * The whole stderr line a match sits in, without the log's time and level prefix: the tool's own words for the message.
 */
function lineOf(text: string, at: number): string {
  const start = text.lastIndexOf('\n', at) + 1;
  const end = text.indexOf('\n', at);
  return text
    .slice(start, end < 0 ? undefined : end)
    .replace(/^\d+\.\d+\.\d+\.\d+ [A-Z] /, '')
    .trim();
}

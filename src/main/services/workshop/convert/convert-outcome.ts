// Did a convert_hf_to_gguf.py run work, and if not, why, in words a person can
// act on. The script says what went wrong only in its log and tracebacks, so
// the known sentences are matched here (measured on llama.cpp de3ff815, see
// ../shared/research/side-binaries.md). A run that exits 0 can still have
// written nothing useful (a folder without weights gives a GGUF without
// tensors): the job checks the file too. Pure: the runner gathers the facts.
import { AppFailure, type ErrorCode } from '@shared/errors';
import type { HfFolderCode } from '@shared/workshop/convert-types';
import type { WorkshopFailureReason } from '@shared/workshop/workshop-types';
import { REFUSAL_MARK } from './folder-code-guard';
import { codeFilesFor, codeKindOf, type CodeKind } from './folder-code-rules';

export interface ConvertRunFacts {
  /** we stopped it (Cancel, or the app quitting) */
  cancelled: boolean;
  exit: { code: number | null; signal: NodeJS.Signals | null; spawnError: string | null };
  /** its last output lines */
  lines: string[];
  folderPath: string;
  outputPath: string;
  /** the Python the folder ships, to name the files a refused loader needed */
  code?: HfFolderCode;
}

interface Known {
  pattern: RegExp;
  code: ErrorCode;
  reason: WorkshopFailureReason;
  say: (facts: ConvertRunFacts, match: RegExpExecArray) => string;
  /** the sentence is whole: no script line after it (the guard's line means nothing to a person) */
  whole?: true;
  /** more for the page to word it by */
  details?: (facts: ConvertRunFacts, match: RegExpExecArray) => Record<string, unknown>;
}

const KIND_WORDS: Record<CodeKind, string> = {
  tokenizer: "This model's tokenizer",
  configuration: "This model's configuration",
  processor: "This model's processor",
  model: "This model's model class",
  code: 'This model',
};

/** The guard refused a loader (folder-code-guard.ts): which part needed which of the folder's files. */
function refusedCode(facts: ConvertRunFacts, match: RegExpExecArray): { kind: CodeKind; files: string[] } {
  const loader = match[1] ?? 'unknown';
  return { kind: codeKindOf(loader), files: codeFilesFor(facts.code, loader, match[2] ?? null) };
}

function refusedCodeText(facts: ConvertRunFacts, match: RegExpExecArray): string {
  const { kind, files } = refusedCode(facts, match);
  const named = files.length > 0 ? ` (${files.join(', ')})` : '';
  return `${KIND_WORDS[kind]} needs Python code shipped in its folder${named}; EVA does not run it unless you allow it on the folder's card.`;
}

// The first that matches wins: the cause is matched before the generic lines of the traceback around it.
const KNOWN: readonly Known[] = [
  {
    pattern: new RegExp(`${REFUSAL_MARK} loader=(\\S+)(?: ref=(\\S+))?`),
    code: 'bad_request',
    reason: 'folder_code_refused',
    say: refusedCodeText,
    whole: true,
    details: refusedCode,
  },
  {
    pattern: /No space left on device|\[Errno 28\]/,
    code: 'backend_failed',
    reason: 'disk_full',
    say: (f) => `The disk filled up while writing ${f.outputPath}.`,
  },
  {
    pattern: /ModuleNotFoundError: No module named '([^']+)'/,
    code: 'backend_failed',
    reason: 'packages_broken',
    say: (_f, m) => `The Python environment lacks the package ${m[1]}: set it up again.`,
  },
  {
    pattern: /Model (\S+) is not supported|Architecture '?([^'\s]+)'? not supported/,
    code: 'bad_request',
    reason: 'architecture_unsupported',
    say: (_f, m) => `convert_hf_to_gguf.py has no converter for ${m[1] ?? m[2]}.`,
  },
  {
    pattern: /Failed to detect model architecture/,
    code: 'bad_request',
    reason: 'architecture_unknown',
    say: (f) => `${f.folderPath}/config.json names no architecture.`,
  },
  {
    pattern: /FileNotFoundError.*config\.json|No such file or directory: '[^']*config\.json'/,
    code: 'bad_request',
    reason: 'config_missing',
    say: (f) => `${f.folderPath} has no config.json.`,
  },
  {
    pattern:
      /mmap length is greater than file size|incomplete metadata|HeaderTooSmall|HeaderTooLarge|MetadataIncompleteBuffer|Missing or incomplete model files|unexpected EOF|PytorchStreamReader failed/,
    code: 'model_invalid',
    reason: 'weights_truncated',
    say: (f) => `A weight file in ${f.folderPath} is damaged or incomplete (a download that did not finish?).`,
  },
  {
    pattern:
      /Couldn't instantiate the backend tokenizer|tokenizer\.model.*not found|Cannot find tokenizer|No tokenizer/i,
    code: 'bad_request',
    reason: 'tokenizer_missing',
    say: (f) => `${f.folderPath} has no tokenizer the script can read.`,
  },
  {
    pattern: /is not a directory/,
    code: 'model_missing',
    reason: 'folder_missing',
    say: (f) => `${f.folderPath} is not a folder.`,
  },
  {
    pattern: /Permission denied|PermissionError|Read-only file system/,
    code: 'backend_failed',
    reason: 'write_failed',
    say: (f) => `${f.outputPath} could not be written (no permission?).`,
  },
  { pattern: /MemoryError/, code: 'backend_failed', reason: 'killed', say: () => 'The conversion ran out of memory.' },
];

/** The failure a run ended in, or null when it exited cleanly (the caller still checks its output). */
export function judgeConvertRun(facts: ConvertRunFacts): AppFailure | null {
  const { exit, lines } = facts;
  const tail = lines.slice(-30);
  const fail = (code: ErrorCode, reason: WorkshopFailureReason, message: string, more: Record<string, unknown> = {}) =>
    new AppFailure(code, message, {
      reason,
      tool: 'convert_hf_to_gguf.py',
      path: facts.folderPath,
      outputPath: facts.outputPath,
      stderrTail: tail,
      ...more,
    });
  if (facts.cancelled) return fail('backend_failed', 'cancelled', 'The conversion was cancelled.');
  if (exit.spawnError)
    return fail(
      'backend_missing',
      'packages_broken',
      `The environment's Python could not be started (${exit.spawnError}); set it up again.`,
    );
  if (exit.signal)
    return fail(
      'backend_failed',
      'killed',
      `convert_hf_to_gguf.py was killed (${exit.signal}) before it finished; if this repeats, the model may be too large for the free memory.`,
    );
  if (exit.code === 0) return null;
  const text = lines.join('\n');
  for (const known of KNOWN) {
    const match = known.pattern.exec(text);
    if (!match) continue;
    const message = known.whole
      ? known.say(facts, match)
      : `${known.say(facts, match)} (convert_hf_to_gguf.py: ${lineOf(text, match.index)})`;
    return fail(known.code, known.reason, message, known.details?.(facts, match));
  }
  return fail('backend_failed', 'failed', `convert_hf_to_gguf.py failed (exit ${exit.code}): ${lastError(lines)}`);
}

/** The line a match sits in, without the logger's `ERROR:hf-to-gguf:` prefix. */
function lineOf(text: string, at: number): string {
  const start = text.lastIndexOf('\n', at) + 1;
  const end = text.indexOf('\n', at);
  return text
    .slice(start, end < 0 ? undefined : end)
    .replace(/^(?:INFO|WARNING|ERROR|DEBUG):[\w-]+:/, '')
    .trim();
}

/** The last line that says what happened: a traceback ends with the exception, a logged error names itself. */
function lastError(lines: readonly string[]): string {
  const said =
    lines.findLast((line) => /^\w*(Error|Exception)\b|^ERROR:/.test(line.trim())) ??
    lines.findLast((line) => line.trim() !== '') ??
    '';
  return said.replace(/^ERROR:[\w-]+:/, '').trim() || 'no message';
}

// Why a tool worker died, in words, from how it ended and the last lines it
// wrote to stderr. V8 ends a process that runs out of heap (the calculator's
// worker runs with a small --max-old-space-size) with
//   FATAL ERROR: Reached heap limit Allocation failed - JavaScript heap out of memory
// then a native stack trace, then abort(): SIGABRT, or SIGTRAP on builds that
// trap instead. The stack's last frame ("16: 0x195e476 [/usr/bin/node]") is
// what a naive "last stderr line" reports, and it tells nobody anything.
import { toolError, type ToolError } from '@shared/tools/tool-types';
import type { WorkerExit } from './worker-process';

/**
 * out_of_memory: V8 said so; aborted: SIGABRT/SIGTRAP and not a word why (how a lost OOM message looks); crashed:
 * anything else.
 */
export type WorkerDeathKind = 'out_of_memory' | 'aborted' | 'crashed';

export interface WorkerDeath {
  kind: WorkerDeathKind;
  /** the line that names the cause, if any */
  cause: string | null;
}

const OUT_OF_MEMORY = /out of memory|Reached heap limit/i;
// Frames of a native or JS stack trace, V8's banners and GC trace, Node's version footer: never the cause.
const NOISE = [
  /^\d+: 0x[0-9a-f]+/i,
  /^at /,
  /^<--- .* --->$/,
  /^----- .* -----$/,
  /^\[\d+:0x[0-9a-f]+\]/i,
  /^Node\.js v\d/,
  /^$/,
];
const ABORT_SIGNALS: ReadonlySet<string> = new Set(['SIGABRT', 'SIGTRAP']);
const MAX_CAUSE_CHARS = 300;

export function explainWorkerDeath(exit: Pick<WorkerExit, 'code' | 'signal'>, stderr: string): WorkerDeath {
  const lines = stderr.split('\n').map((line) => line.trim());
  const fatal = lines.find((line) => line.startsWith('FATAL ERROR:'));
  if (fatal !== undefined && OUT_OF_MEMORY.test(fatal)) return { kind: 'out_of_memory', cause: shorten(fatal) };
  const oom = lines.find((line) => /JavaScript heap out of memory/i.test(line));
  if (oom !== undefined) return { kind: 'out_of_memory', cause: shorten(oom) };
  const said = fatal ?? [...lines].reverse().find((line) => !NOISE.some((noise) => noise.test(line)));
  const aborted = exit.signal !== null && ABORT_SIGNALS.has(exit.signal);
  return {
    kind: aborted && said === undefined ? 'aborted' : 'crashed',
    cause: said === undefined ? null : shorten(said),
  };
}

function shorten(line: string): string {
  return line.length > MAX_CAUSE_CHARS ? `${line.slice(0, MAX_CAUSE_CHARS)}…` : line;
}

/** The tool error for a call whose worker died under it; the runner starts a fresh worker for the next call. */
export function workerDeathError(tool: string, exit: Pick<WorkerExit, 'code' | 'signal'>, stderr: string): ToolError {
  const how = exit.signal ? `signal ${exit.signal}` : `exit code ${exit.code}`;
  const death = explainWorkerDeath(exit, stderr);
  const details = { death: death.kind, ...(stderr ? { stderr } : {}) };
  if (death.kind === 'out_of_memory') {
    return toolError(
      'worker_crashed',
      `out of memory: the ${tool} tool needed more memory than its worker process may use, and the process was ended (${how}). The next call gets a fresh worker; ask for less at once (smaller matrices, shorter ranges, smaller inputs).`,
      details,
    );
  }
  if (death.kind === 'aborted')
    return toolError(
      'worker_crashed',
      `the ${tool} tool crashed (its worker process ended with ${how}, most likely out of memory)`,
      details,
    );
  return toolError(
    'worker_crashed',
    `the ${tool} tool crashed (its worker process ended with ${how})${death.cause ? `: ${death.cause}` : ''}`,
    details,
  );
}

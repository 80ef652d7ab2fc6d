// How a finished command is told to the model: output, exit code, and what
// happened when it did not end by itself (timeout, Stop, processes stopped with it).
import { toolError } from '@shared/tools/tool-types';
import type { ShellRunResult } from './run-shell';
import { failed, type ToolOutput } from '../tool-executor';

/** `ended`: what was killed with a stopped or timed-out command, said to the model. */
export function describeRun(
  result: ShellRunResult,
  timeoutSeconds: number,
  ended = 'its process tree was killed',
): ToolOutput {
  const details = {
    exitCode: result.exitCode,
    signal: result.signal,
    durationMs: result.durationMs,
    truncated: result.output.truncated,
    omittedChars: result.output.omittedChars,
    ...(result.strays > 0 ? { strays: result.strays } : {}),
  };
  // The model may have meant a server to keep running: say that it did not.
  const strays =
    result.strays > 0
      ? `\n[${result.strays === 1 ? '1 process' : `${result.strays} processes`} it started outside its process group (setsid, a daemon) ${result.strays === 1 ? 'was' : 'were'} stopped with it]`
      : '';
  const text = result.output.text.trimEnd();
  if (result.spawnError)
    return failed(toolError('io_error', `could not start the shell: ${result.spawnError}`), details);
  if (result.stopped) {
    return {
      status: 'stopped',
      output: text,
      error: toolError('stopped', `the user stopped the command; ${ended}`),
      details,
    };
  }
  if (result.timedOut) {
    return {
      status: 'timeout',
      output: text,
      error: toolError('timeout', `the command ran longer than ${timeoutSeconds} s; ${ended}`),
      details,
    };
  }
  const status = result.exitCode === null ? `killed by ${result.signal ?? 'a signal'}` : `exit code ${result.exitCode}`;
  return { status: 'ok', output: `${text === '' ? '(no output)' : text}\n[${status}]${strays}`, details };
}

// Runs one Python command (the venv module, pip, the script) through the
// process lifecycle, its output read as a terminal shows it: each line to the
// log, each segment (tqdm redraws included) to progress, and the last lines of
// both streams kept for judging a failure. Cancel stops its whole process tree.
import type { ExitRecord } from '../../process/exit-record';
import type { Launch } from '../../process/process-lifecycle';
import { terminalLineReader } from './terminal-lines';

export interface PythonCommand {
  /** for the ledger and logs: 'python-venv', 'pip', 'convert_hf_to_gguf' */
  name: string;
  command: string;
  args: string[];
  env: NodeJS.ProcessEnv;
  cwd?: string;
  signal?: AbortSignal;
  killGraceMs?: number;
  onLine?: (line: string, stream: 'stdout' | 'stderr') => void;
  onSegment?: (segment: string, stream: 'stdout' | 'stderr') => void;
}

export interface PythonRun {
  exit: ExitRecord;
  /** the last lines of stdout and stderr together, in the order they came */
  lines: string[];
}

const KEPT_LINES = 200;

export async function runPython(launch: Launch, command: PythonCommand): Promise<PythonRun> {
  const lines: string[] = [];
  const readers = {
    stdout: reader('stdout'),
    stderr: reader('stderr'),
  };
  function reader(stream: 'stdout' | 'stderr') {
    return terminalLineReader({
      segment: (text) => command.onSegment?.(text, stream),
      line: (text) => {
        lines.push(text);
        if (lines.length > KEPT_LINES) lines.shift();
        command.onLine?.(text, stream);
      },
    });
  }
  const proc = launch({
    name: command.name,
    command: command.command,
    args: command.args,
    env: command.env,
    cwd: command.cwd,
    output: { mode: 'text', onText: (stream, text) => readers[stream].push(text) },
    signal: command.signal,
    killGraceMs: command.killGraceMs ?? 500,
  });
  const exit = await proc.exited;
  readers.stdout.end();
  readers.stderr.end();
  return { exit, lines };
}

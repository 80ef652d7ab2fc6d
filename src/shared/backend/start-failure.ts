// Why a model's start failed, as parts the page words in its own language (the restored-model notice and the load's
// error carry them as flat values): only `serverSaid` is llama-server's own text, shown verbatim and quoted as its
// words; the exit and the failure's code are ours, so the page says them in either language.

export interface StartFailure {
  /** the failure's code: backend_failed, ready_timeout, out_of_memory, … */
  code: string;
  /** llama.cpp's own reason, or the fatal line llama-server printed */
  serverSaid?: string;
  /** how llama-server ended, where it did */
  exitCode?: number;
  exitSignal?: string;
}

/** How a process ended, as parts: the page says "exit code 1" or "stopped by SIGKILL" in its own language. */
export interface ExitParts {
  exitCode?: number;
  exitSignal?: string;
}

/** The parts of an exit (a spawn error has none: its text is the system's own). */
export function exitParts(exit: { code: number | null; signal: string | null; spawnError: string | null }): ExitParts {
  if (exit.spawnError) return {};
  if (exit.code !== null) return { exitCode: exit.code };
  return exit.signal ? { exitSignal: exit.signal } : {};
}

/** The exit's parts read back from flat values; null where they carry none. */
export function readExitParts(values: Record<string, unknown> | undefined): ExitParts | null {
  const { exitCode, exitSignal } = values ?? {};
  if (typeof exitCode === 'number') return { exitCode };
  if (typeof exitSignal === 'string' && exitSignal !== '') return { exitSignal };
  return null;
}

/** The parts as flat values, for a notice's vars or an error's details. */
export function startFailureValues(failure: StartFailure): Record<string, string | number> {
  const { code, serverSaid, exitCode, exitSignal } = failure;
  return {
    startFailureCode: code,
    ...(serverSaid !== undefined ? { serverSaid } : {}),
    ...(exitCode !== undefined ? { exitCode } : {}),
    ...(exitSignal !== undefined ? { exitSignal } : {}),
  };
}

/** The parts read back from a notice's vars or an error's details; null where they carry none. */
export function readStartFailure(values: Record<string, unknown> | undefined): StartFailure | null {
  const { startFailureCode: code, serverSaid, exitCode, exitSignal } = values ?? {};
  if (typeof code !== 'string') return null;
  return {
    code,
    ...(typeof serverSaid === 'string' && serverSaid !== '' ? { serverSaid } : {}),
    ...(typeof exitCode === 'number' ? { exitCode } : {}),
    ...(typeof exitSignal === 'string' && exitSignal !== '' ? { exitSignal } : {}),
  };
}

// Finds a Python the conversion's environment can be made from: each candidate
// (python-version.ts) is asked for its version and whether it has venv, through
// the process lifecycle, and the first new enough one with venv wins. When none
// does, the failure says what was found, so the user knows what to install.
import { AppFailure } from '@shared/errors';
import type { Launch } from '../../process/process-lifecycle';
import {
  isSupportedPython,
  MIN_PYTHON,
  parsePythonProbe,
  parseVersionLine,
  PYTHON_PROBE,
  versionText,
  type PythonCandidate,
  type PythonFacts,
} from './python-version';

export interface FoundPython extends PythonFacts {
  candidate: PythonCandidate;
}

const PROBE_TIMEOUT_MS = 15_000;

export async function findPython(
  launch: Launch,
  candidates: readonly PythonCandidate[],
  signal?: AbortSignal,
): Promise<FoundPython> {
  const tooOld: string[] = [];
  const noVenv: string[] = [];
  for (const candidate of candidates) {
    signal?.throwIfAborted();
    const facts = await probe(launch, candidate, signal);
    if (!facts) continue;
    const name = `${[candidate.command, ...candidate.args].join(' ')} (${versionText(facts.version)}${facts.executable ? `, ${facts.executable}` : ''})`;
    if (!isSupportedPython(facts.version)) tooOld.push(name);
    else if (!facts.venv) noVenv.push(name);
    else return { ...facts, candidate };
  }
  const needed = `Python ${versionText(MIN_PYTHON)} or newer`;
  if (noVenv.length > 0) {
    throw new AppFailure(
      'backend_missing',
      `${noVenv[0]} cannot make a virtual environment (its venv/ensurepip module is missing): install it (Debian, Ubuntu: \`apt install python3-venv\`).`,
      {
        reason: 'python_venv_missing',
        found: noVenv,
      },
    );
  }
  if (tooOld.length > 0) {
    throw new AppFailure(
      'backend_missing',
      `Converting needs ${needed}; found only ${tooOld.join(', ')}. Install a newer Python, or set EVA_PYTHON to one.`,
      { reason: 'python_too_old', found: tooOld },
    );
  }
  throw new AppFailure(
    'backend_missing',
    `Converting needs ${needed}, and none was found (tried ${candidates.map((c) => [c.command, ...c.args].join(' ')).join(', ')}). Install Python, or set EVA_PYTHON to one.`,
    {
      reason: 'python_missing',
    },
  );
}

/** A candidate's facts, or null when it does not start or is not a Python 3 that runs the probe. */
async function probe(launch: Launch, candidate: PythonCandidate, signal?: AbortSignal): Promise<PythonFacts | null> {
  const proc = launch({
    name: 'python-probe',
    command: candidate.command,
    args: [...candidate.args, '-c', PYTHON_PROBE],
    env: pythonEnv(),
    output: { mode: 'capture', maxChars: 16_384 },
    timeoutMs: PROBE_TIMEOUT_MS,
    signal,
    killGraceMs: 500,
  });
  const exit = await proc.exited;
  if (exit.spawnError) return null;
  const facts = exit.code === 0 ? parsePythonProbe(proc.captured().text) : null;
  if (facts) return facts;
  // A Python 2 cannot run the probe (its print has no parentheses) but still says its version: reported as too old.
  const version = parseVersionLine([proc.captured().text, ...exit.lastLines].join('\n'));
  return version && version[0] >= 2 ? { version, executable: '', venv: false } : null;
}

/**
 * The environment Python runs in: the user's (pip's own settings, proxies and index options included),
 * without what would point it at another installation, unbuffered so progress arrives as it happens, and in UTF-8.
 */
export function pythonEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const { PYTHONHOME: _home, PYTHONPATH: _path, VIRTUAL_ENV: _venv, ...rest } = process.env;
  return {
    ...rest,
    PYTHONUNBUFFERED: '1',
    PYTHONIOENCODING: 'utf-8',
    PYTHONUTF8: '1',
    PIP_DISABLE_PIP_VERSION_CHECK: '1',
    PIP_NO_INPUT: '1',
    ...extra,
  };
}

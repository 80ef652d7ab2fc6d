// Which Python the conversion's environment is made from: the candidates to try,
// the probe each is asked, and what its answer means. convert_hf_to_gguf.py
// needs Python 3.10 or newer (its annotations and match statements), and making
// an environment needs the venv module with ensurepip (Debian and Ubuntu ship
// that apart, as python3-venv). Pure.

/** A command that may start a Python: `python3`, or Windows' launcher `py -3`. */
export interface PythonCandidate {
  command: string;
  args: string[];
}

export const MIN_PYTHON: readonly [number, number] = [3, 10];

/**
 * Where to look, in order: EVA_PYTHON (a path the user chose), then the usual names. Versioned names come
 * after `python3`, so a system whose python3 is too old still finds a newer one beside it.
 */
export function pythonCandidates(platform: NodeJS.Platform, env: NodeJS.ProcessEnv): PythonCandidate[] {
  const chosen = env.EVA_PYTHON?.trim() ? [{ command: env.EVA_PYTHON.trim(), args: [] }] : [];
  const names =
    platform === 'win32'
      ? [
          { command: 'py', args: ['-3'] },
          { command: 'python', args: [] },
          { command: 'python3', args: [] },
        ]
      : ['python3', 'python3.13', 'python3.12', 'python3.11', 'python3.10', 'python'].map((command) => ({
          command,
          args: [],
        }));
  return [...chosen, ...names];
}

/** One line of JSON: the version, the executable, and whether venv and ensurepip import. */
export const PYTHON_PROBE = [
  'import json, sys',
  'def has(name):',
  '    try:',
  '        __import__(name)',
  '        return True',
  '    except Exception:',
  '        return False',
  'print(json.dumps({"version": list(sys.version_info[:3]), "executable": sys.executable, "venv": has("venv") and has("ensurepip")}))',
].join('\n');

/** What a Python said about itself. */
export interface PythonFacts {
  version: [number, number, number];
  executable: string;
  /** it can make a virtual environment */
  venv: boolean;
}

/** The probe's answer, or null when the output is not one (a Python 2, a stub that opens a store page). */
export function parsePythonProbe(stdout: string): PythonFacts | null {
  const line = stdout
    .split(/\r?\n/)
    .map((text) => text.trim())
    .findLast((text) => text.startsWith('{'));
  if (!line) return null;
  try {
    const value = JSON.parse(line) as { version?: unknown; executable?: unknown; venv?: unknown };
    const version = value.version;
    if (!Array.isArray(version) || version.length !== 3 || !version.every((n) => Number.isInteger(n))) return null;
    if (typeof value.executable !== 'string') return null;
    return { version: version as [number, number, number], executable: value.executable, venv: value.venv === true };
  } catch {
    return null;
  }
}

/**
 * `Python 3.12.1` as `--version` prints it (Python 2 printed it to stderr), for a Python the probe could not run in.
 */
export function parseVersionLine(text: string): [number, number, number] | null {
  const match = /Python (\d+)\.(\d+)(?:\.(\d+))?/.exec(text);
  return match ? [Number(match[1]), Number(match[2]), Number(match[3] ?? 0)] : null;
}

export function isSupportedPython(version: readonly number[]): boolean {
  const [major = 0, minor = 0] = version;
  return major > MIN_PYTHON[0] || (major === MIN_PYTHON[0] && minor >= MIN_PYTHON[1]);
}

export function versionText(version: readonly number[]): string {
  return version.join('.');
}

// The app-owned Python environment convert_hf_to_gguf.py runs in: a virtual
// environment in EVA's data folder with torch (the CPU build), transformers and
// the rest, set up once with progress and pip's log, and checked by importing
// every package. A record written last says it is complete: a setup that was
// cancelled, crashed or ran out of disk leaves none, and the next one starts
// afresh. Nothing is installed outside the folder.
import { lookup } from 'node:dns/promises';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { AppFailure } from '@shared/errors';
import type { PythonEnvStatus, PythonSetupStep } from '@shared/workshop/convert-types';
import { ifExists } from '../../fs/if-exists';
import type { Launch } from '../../process/process-lifecycle';
import { freeBytesIn, type StatFs } from '../../models/disk-space';
import { findPython, pythonEnv } from './find-python';
import { CHECK_IMPORTS, chooseTorch, CONVERT_PACKAGES, pipActivity, pipError } from './pip-words';
import type { PythonCandidate } from './python-version';
import { runPython, type PythonRun } from './run-python';

export interface PythonEnvOptions {
  dir: string;
  launch: Launch;
  candidates: readonly PythonCandidate[];
  /** PyTorch's CPU index, offered to pip where its host resolves; null: the configured indexes only */
  torchIndex: string | null;
  statfs: StatFs;
  signal?: AbortSignal;
  onStep?: (step: PythonSetupStep, detail?: string) => void;
  onLine?: (line: string) => void;
  killGraceMs?: number;
}

const RECORD = 'eva-python-env.json';
// Written first: a folder holding it (or the record) is EVA's to delete. Anything else there is left alone.
const CLAIM = 'eva-python-env.partial';
// Bumped when the package list changes: an environment set up for another list is set up again.
const RECORD_FORMAT = 1;
const PYPI = 'https://pypi.org/simple';
// torch (CPU) and transformers with their dependencies take ≈ 1.2 GB, and pip unpacks each wheel beside them.
const NEEDED_BYTES = 2.5 * 1024 ** 3;

interface EnvRecord {
  format: number;
  python: string;
  torch: string;
  packages: string[];
  createdAt: string;
}

/** The environment's Python executable. */
export function envPython(dir: string, platform = process.platform): string {
  return platform === 'win32' ? join(dir, 'Scripts', 'python.exe') : join(dir, 'bin', 'python');
}

/** Whether the environment is set up, from its record (no Python is started). */
export async function readPythonEnv(dir: string): Promise<PythonEnvStatus> {
  const record = await readRecord(dir);
  const ready = record !== null && existsSync(envPython(dir));
  return { ready, dir, python: ready ? record.python : null, torch: ready ? record.torch : null };
}

/** Marks a set-up environment as broken (a package went missing): the next conversion sets it up again. */
export async function forgetPythonEnv(dir: string): Promise<void> {
  if (!existsSync(join(dir, RECORD))) return;
  await writeFile(join(dir, CLAIM), 'EVA Desktop found this Python environment broken; the next setup replaces it.\n');
  await rm(join(dir, RECORD), { force: true });
}

/** The environment, set up first where it is not (once); throws an AppFailure with a WorkshopFailureReason. */
export async function ensurePythonEnv(
  options: PythonEnvOptions,
): Promise<{ status: PythonEnvStatus; created: boolean }> {
  const status = await readPythonEnv(options.dir);
  if (status.ready) return { status, created: false };
  const claim = { held: false };
  try {
    return { status: await setUp(options, claim), created: true };
  } catch (error) {
    // An environment without its record is of no use: it goes, and with it the disk it took.
    // Best effort: the setup's own error, thrown below, is the one to report.
    if (claim.held) await rm(options.dir, { recursive: true, force: true }).catch(() => undefined);
    if (options.signal?.aborted)
      throw new AppFailure('backend_failed', 'Setting up the Python environment was cancelled.', {
        reason: 'cancelled',
      });
    throw error;
  }
}

async function setUp(options: PythonEnvOptions, claim: { held: boolean }): Promise<PythonEnvStatus> {
  const { dir, launch, signal } = options;
  const step = (name: PythonSetupStep, detail?: string) => options.onStep?.(name, detail);
  const run = (name: string, command: string, args: string[], onLine?: (line: string) => void): Promise<PythonRun> =>
    runPython(launch, {
      name,
      command,
      args,
      env: pythonEnv(),
      signal,
      killGraceMs: options.killGraceMs,
      onLine: (line) => {
        options.onLine?.(line);
        onLine?.(line);
      },
    });

  step('find_python');
  const python = await findPython(launch, options.candidates, signal);
  options.onLine?.(`Python ${python.version.join('.')}: ${python.executable}`);

  step('create_env');
  await claimFolder(dir);
  claim.held = true;
  await assertRoom(dir, options.statfs);
  options.onLine?.(`$ python -m venv ${dir}`);
  const venv = await run('python-venv', python.candidate.command, [...python.candidate.args, '-m', 'venv', dir]);
  assertRan(venv, signal, 'python -m venv');
  const pythonPath = envPython(dir);

  step('choose_torch');
  const extraIndex =
    options.torchIndex && (await resolves(options.torchIndex)) ? ['--extra-index-url', options.torchIndex] : [];
  if (options.torchIndex && extraIndex.length === 0)
    options.onLine?.(
      `${new URL(options.torchIndex).host} cannot be reached: torch comes from the configured package indexes`,
    );
  // Offline with a local index (pip's own settings): pip would retry PyPI five times for every package, minutes in all.
  const offline = !(await resolves(PYPI));
  if (offline) options.onLine?.(`${new URL(PYPI).host} cannot be reached: pip tries each index once`);
  const pipOptions = [...extraIndex, ...(offline ? ['--retries', '0'] : [])];
  const versions = await run('pip', pythonPath, ['-m', 'pip', 'index', 'versions', 'torch', ...pipOptions]);
  signal?.throwIfAborted();
  // An old pip without `index`, or no index reachable: plain torch, and pip's install says what is wrong.
  const torch = chooseTorch(versions.exit.code === 0 ? versions.lines.join('\n') : '');
  options.onLine?.(`torch: ${torch}`);

  step('install_packages');
  const packages = [torch, ...CONVERT_PACKAGES];
  options.onLine?.(`$ pip install ${packages.join(' ')}`);
  const install = await run(
    'pip',
    pythonPath,
    ['-m', 'pip', 'install', '--progress-bar', 'off', ...packages, ...pipOptions],
    (line) => {
      const activity = pipActivity(line);
      if (activity) step('install_packages', activity);
    },
  );
  assertRan(install, signal, 'pip install');

  step('check_packages');
  const check = await run('python-check', pythonPath, [
    '-c',
    `import json, platform, ${CHECK_IMPORTS.join(', ')}; print(json.dumps({"python": platform.python_version(), "torch": torch.__version__}))`,
  ]);
  assertRan(check, signal, 'the package check', 'packages_broken');
  const versionsSeen = parseCheck(check.lines);
  const record: EnvRecord = {
    format: RECORD_FORMAT,
    python: versionsSeen.python,
    torch: versionsSeen.torch,
    packages,
    createdAt: new Date().toISOString(),
  };
  await writeFile(join(dir, RECORD), `${JSON.stringify(record, null, 2)}\n`);
  await rm(join(dir, CLAIM), { force: true });
  return { ready: true, dir, python: record.python, torch: record.torch };
}

/**
 * Empties the folder for a new environment: only one EVA made (an earlier setup that did not finish), or an empty one.
 */
async function claimFolder(dir: string): Promise<void> {
  const entries = await ifExists(readdir(dir));
  if (entries && entries.length > 0 && !entries.includes(CLAIM) && !entries.includes(RECORD)) {
    throw new AppFailure(
      'bad_request',
      `${dir} holds files that are not EVA's Python environment: move them, or point EVA_PYTHON_ENV_DIR elsewhere.`,
      { reason: 'packages_failed', path: dir },
    );
  }
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  await writeFile(
    join(dir, CLAIM),
    'EVA Desktop is setting up a Python environment here; an unfinished one is deleted by the next setup.\n',
  );
}

async function assertRoom(folder: string, statfs: StatFs): Promise<void> {
  // A check ahead of time only: without a reading the setup goes on, and a full disk fails it with disk_full.
  const free = await freeBytesIn(folder, statfs).catch(() => null);
  if (free === null || free >= NEEDED_BYTES) return;
  throw new AppFailure(
    'bad_request',
    `Not enough disk space for the Python environment: it needs about ${gib(NEEDED_BYTES)}, ${gib(free)} free in ${folder}.`,
    {
      reason: 'disk_full',
      neededBytes: NEEDED_BYTES,
      freeBytes: free,
      path: folder,
    },
  );
}

/** Throws what a failed step means: cancelled, out of disk, no index reachable, or pip's own ERROR line. */
function assertRan(
  run: PythonRun,
  signal: AbortSignal | undefined,
  what: string,
  reason: 'packages_failed' | 'packages_broken' = 'packages_failed',
): void {
  if (signal?.aborted || run.exit.why === 'aborted')
    throw new AppFailure('backend_failed', 'Setting up the Python environment was cancelled.', { reason: 'cancelled' });
  if (run.exit.code === 0) return;
  const text = run.lines.join('\n');
  const tail = run.lines.slice(-20);
  if (/No space left on device|\[Errno 28\]/.test(text))
    throw new AppFailure('backend_failed', `The disk filled up during ${what}.`, {
      reason: 'disk_full',
      stderrTail: tail,
    });
  if (run.exit.spawnError)
    throw new AppFailure('backend_failed', `${what} could not be started: ${run.exit.spawnError}`, {
      reason,
      stderrTail: tail,
    });
  const offline =
    /NewConnectionError|Failed to establish a new connection|Temporary failure in name resolution|Name or service not known|No matching distribution found/.test(
      text,
    );
  const said =
    pipError(run.lines) ?? run.lines.findLast((line) => line.trim() !== '')?.trim() ?? `exit ${run.exit.code}`;
  const hint = offline
    ? ' No package index could be reached: check the internet connection (or pip’s index settings) and try again.'
    : '';
  throw new AppFailure('backend_failed', `${what} failed: ${said}.${hint}`, { reason, offline, stderrTail: tail });
}

function parseCheck(lines: readonly string[]): { python: string; torch: string } {
  for (const line of [...lines].reverse()) {
    try {
      const value = JSON.parse(line) as { python?: unknown; torch?: unknown };
      if (typeof value.python === 'string' && typeof value.torch === 'string')
        return { python: value.python, torch: value.torch };
    } catch {
      // Not the check's line.
    }
  }
  throw new AppFailure('backend_failed', `The package check printed no versions: ${lines.slice(-3).join(' ')}`, {
    reason: 'packages_broken',
  });
}

async function readRecord(dir: string): Promise<EnvRecord | null> {
  try {
    const value = JSON.parse(await readFile(join(dir, RECORD), 'utf8')) as Partial<EnvRecord>;
    return value.format === RECORD_FORMAT && typeof value.python === 'string' && typeof value.torch === 'string'
      ? (value as EnvRecord)
      : null;
  } catch {
    return null;
  }
}

/** Whether the index's host has an address (an offline machine would make pip retry it for every package). */
async function resolves(url: string): Promise<boolean> {
  const host = new URL(url).hostname;
  const timeout = new Promise<false>((resolve) => setTimeout(() => resolve(false), 3_000).unref());
  return Promise.race([
    lookup(host).then(
      () => true,
      () => false,
    ),
    timeout,
  ]);
}

function gib(bytes: number): string {
  return `${(bytes / 1024 ** 3).toFixed(1)} GiB`;
}

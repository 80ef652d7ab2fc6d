// What to run for a container sandbox, as argv arrays (pure): which runtime
// program, `run` with only the workspace mounted, and the kill/remove/list
// commands that make sure no container outlives its call.
import type { ContainerSandbox } from './sandbox';

/** Where the workspace appears inside the container; the command starts there. */
export const CONTAINER_WORKSPACE = '/workspace';

const AUTO_RUNTIMES = ['podman', 'docker'] as const;

export interface PathLookup {
  platform: NodeJS.Platform;
  /** the PATH variable */
  path: string | undefined;
  exists: (file: string) => boolean;
}

/** The runtime program to start, or null when it is not installed. '' means podman, else docker. */
export function findRuntime(setting: string, lookup: PathLookup): string | null {
  const wanted = setting.trim() === '' ? AUTO_RUNTIMES : [setting.trim()];
  for (const name of wanted) {
    const found = findProgram(name, lookup);
    if (found) return found;
  }
  return null;
}

function findProgram(name: string, lookup: PathLookup): string | null {
  const windows = lookup.platform === 'win32';
  if (name.includes('/') || (windows && name.includes('\\'))) return lookup.exists(name) ? name : null;
  const separator = windows ? ';' : ':';
  const suffixes = windows && !/\.exe$/i.test(name) ? ['.exe', ''] : [''];
  for (const dir of (lookup.path ?? '').split(separator)) {
    if (dir === '') continue;
    for (const suffix of suffixes) {
      const file = `${dir}${windows ? '\\' : '/'}${name}${suffix}`;
      if (lookup.exists(file)) return file;
    }
  }
  return null;
}

/** What to tell the user (and the model) when the runtime is missing: what to install. */
export function missingRuntimeMessage(setting: string): string {
  const name = setting.trim();
  const podman =
    'Debian/Ubuntu: sudo apt install podman; Fedora: sudo dnf install podman; macOS: brew install podman; Windows: winget install RedHat.Podman';
  if (name === '')
    return `no container runtime found (looked for podman and docker on PATH): install podman (${podman}) or Docker, or switch the tools sandbox off`;
  const base = name.split(/[\\/]/).pop() ?? name;
  if (/^docker(\.exe)?$/i.test(base))
    return `${name} is not installed (not found on PATH): install Docker (Debian/Ubuntu: sudo apt install docker.io; macOS/Windows: Docker Desktop), or choose podman`;
  if (/^podman(\.exe)?$/i.test(base)) return `${name} is not installed (not found on PATH): ${podman}`;
  return `the container runtime "${name}" was not found: install it, or leave the runtime empty to use podman or docker`;
}

/** Why this workspace path cannot be mounted, or null. */
export function unmountableReason(workspace: string): string | null {
  // --mount splits its value at commas; a path with one would mount something else.
  return workspace.includes(',')
    ? `the workspace path "${workspace}" contains a comma, which a container bind mount cannot express`
    : null;
}

export interface ContainerRun {
  sandbox: ContainerSandbox;
  /** the container's name, so it can be killed and removed by it */
  name: string;
  /** the host workspace, mounted at /workspace */
  workspace: string;
  commandLine: string;
}

/** `run` for one command: removed when it ends, no network unless allowed, the workspace and nothing else mounted. */
export function containerRunArgv(run: ContainerRun): string[] {
  const { sandbox } = run;
  const labels = Object.entries(sandbox.labels).flatMap(([key, value]) => ['--label', `${key}=${value}`]);
  return [
    'run',
    '--rm',
    '--name',
    run.name,
    ...labels,
    ...(sandbox.network ? [] : ['--network=none']),
    '--mount',
    `type=bind,source=${run.workspace},target=${CONTAINER_WORKSPACE}`,
    '--workdir',
    CONTAINER_WORKSPACE,
    ...sandbox.runArgs,
    sandbox.image,
    '/bin/sh',
    '-c',
    run.commandLine,
  ];
}

/** Ends a container now (SIGKILL), whatever its client process is doing. */
export function containerKillArgv(name: string): string[] {
  return ['kill', name];
}

/** Removes containers, running or not; podman waits for a stop first unless told not to. */
export function containerRemoveArgv(runtime: string, names: readonly string[]): string[] {
  return isDocker(runtime) ? ['rm', '--force', ...names] : ['rm', '--force', '--time', '0', ...names];
}

/** Ids of all containers, running or not, that carry this label. */
export function containerListArgv(label: string, value: string): string[] {
  return ['ps', '--all', '--quiet', '--filter', `label=${label}=${value}`];
}

function isDocker(runtime: string): boolean {
  return /^docker(\.exe)?$/i.test(runtime.split(/[\\/]/).pop() ?? runtime);
}

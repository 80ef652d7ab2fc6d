// Runs one execute_command call in a fresh container: the runtime's `run`
// client goes through the one launcher (time limit, Stop, bounded output), and
// the container itself — which the client's death alone does not end — is
// killed and removed by name as soon as the call is stopped or times out, and
// again once the client has gone, in case the container was created late.
import { randomBytes } from 'node:crypto';
import { launchProcess } from '../../process/launch';
import { shellRunResult, type ShellRunResult } from '../shell/run-shell';
import { containerKillArgv, containerRemoveArgv, containerRunArgv } from './container-argv';
import { callRuntime, runtimeEnv } from './runtime-command';
import type { ContainerSandbox } from './sandbox';

export interface ContainerRunOptions {
  sandbox: ContainerSandbox;
  /** the runtime program, already found */
  runtime: string;
  workspace: string;
  commandLine: string;
  timeoutMs: number;
  maxOutputChars: number;
  signal?: AbortSignal;
  /** the runtime client's pid and the container's name, as soon as they exist */
  onSpawn?: (pid: number, name: string) => void;
  /** the environment the runtime program starts from (the worker strips its plumbing) */
  env?: NodeJS.ProcessEnv;
}

// The runtime client forwards SIGTERM to the container, whose PID 1 (the shell) ignores it; the kill by name does the
// work.
const CLIENT_GRACE_MS = 2000;

export async function runInContainer(options: ContainerRunOptions): Promise<ShellRunResult> {
  const name = newContainerName();
  const env = runtimeEnv(options.sandbox.runtimeEnv, options.env);
  const remove = async () => {
    await callRuntime({ runtime: options.runtime, args: containerKillArgv(name), env });
    await callRuntime({ runtime: options.runtime, args: containerRemoveArgv(options.runtime, [name]), env });
  };
  let removing: Promise<void> | null = null;
  const endContainer = () => (removing ??= remove());
  // Beside the launcher's own time limit, which only reaches the client.
  const timer = setTimeout(() => void endContainer(), options.timeoutMs);
  const onAbort = () => void endContainer();
  options.signal?.addEventListener('abort', onAbort, { once: true });

  const proc = launchProcess({
    name: 'container',
    command: options.runtime,
    args: containerRunArgv({
      sandbox: options.sandbox,
      name,
      workspace: options.workspace,
      commandLine: options.commandLine,
    }),
    env,
    output: { mode: 'capture', maxChars: options.maxOutputChars },
    timeoutMs: options.timeoutMs,
    signal: options.signal,
    killGraceMs: CLIENT_GRACE_MS,
  });
  if (proc.pid !== null) options.onSpawn?.(proc.pid, name);
  const exit = await proc.exited;
  clearTimeout(timer);
  options.signal?.removeEventListener('abort', onAbort);
  // A normal end leaves nothing (--rm); any other end removes by name, also a container the client was still creating.
  if (exit.spawnError === null && exit.why !== 'exited') await endContainer().then(remove);
  return shellRunResult(proc.captured(), exit, 0);
}

/** A name no other call uses; the `eva-` prefix says whose it is in `podman ps`. */
export function newContainerName(): string {
  return `eva-${randomBytes(8).toString('hex')}`;
}

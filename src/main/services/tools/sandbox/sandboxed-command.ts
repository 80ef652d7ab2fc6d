// execute_command in the sandbox the user chose: a container with only the
// workspace mounted, or an SSH host. The checks before this (consent, the
// forbidden-command rules, the workspace on this machine) are the same as on
// the host; what a missing runtime or a failed connection means is said plainly,
// with what to install.
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { TOOL_LIMITS } from '@shared/tools/tool-limits';
import { toolError } from '@shared/tools/tool-types';
import { describeRun } from '../shell/describe-run';
import { runShell, type ShellRunResult } from '../shell/run-shell';
import { failed, type ToolOutput } from '../tool-executor';
import { findRuntime, missingRuntimeMessage, unmountableReason, type PathLookup } from './container-argv';
import { runInContainer } from './run-in-container';
import type { ContainerSandbox, Sandbox, SshSandbox } from './sandbox';
import { remoteScript, sshArgvPrefix, sshSettingsProblem } from './ssh-argv';

export interface SandboxedCall {
  commandLine: string;
  /** the host workspace (already checked); null over SSH, which has its own */
  workspace: string | null;
  timeoutSeconds: number;
  env: NodeJS.ProcessEnv;
  signal: AbortSignal;
  reportChild: (pid: number, tag?: string) => void;
  reportContainer?: (name: string) => void;
  /** where programs are looked for; the worker's PATH unless a test says otherwise */
  lookup?: PathLookup;
}

// podman and docker exit 125 when they could not run the container at all (no daemon, no image, a bad option).
const RUNTIME_FAILED = 125;
// ssh exits 255 when the connection failed (host unknown, refused, key not accepted).
const SSH_FAILED = 255;

export async function runSandboxedCommand(sandbox: Sandbox, call: SandboxedCall): Promise<ToolOutput> {
  const lookup = call.lookup ?? { platform: process.platform, path: call.env.PATH, exists: existsSync };
  return sandbox.mode === 'container' ? inContainer(sandbox, call, lookup) : overSsh(sandbox, call, lookup);
}

async function inContainer(sandbox: ContainerSandbox, call: SandboxedCall, lookup: PathLookup): Promise<ToolOutput> {
  const runtime = findRuntime(sandbox.runtime, lookup);
  if (!runtime) return failed(toolError('sandbox_unavailable', missingRuntimeMessage(sandbox.runtime)));
  const workspace = call.workspace ?? '';
  const unmountable = unmountableReason(workspace);
  if (unmountable) return failed(toolError('sandbox_unavailable', unmountable));
  const result = await runInContainer({
    sandbox,
    runtime,
    workspace,
    commandLine: call.commandLine,
    timeoutMs: call.timeoutSeconds * 1000,
    maxOutputChars: TOOL_LIMITS.maxOutputChars,
    signal: call.signal,
    env: call.env,
    onSpawn: (pid, name) => {
      call.reportChild(pid);
      call.reportContainer?.(name);
    },
  });
  if (result.spawnError)
    return failed(toolError('sandbox_unavailable', `${missingRuntimeMessage(sandbox.runtime)} (${result.spawnError})`));
  if (result.exitCode === RUNTIME_FAILED && !endedByUs(result))
    return failed(
      runtimeFailure(`${runtime} could not run the container`, result),
      describeRun(result, call.timeoutSeconds).details,
    );
  return describeRun(result, call.timeoutSeconds, 'its container was killed and removed');
}

async function overSsh(sandbox: SshSandbox, call: SandboxedCall, lookup: PathLookup): Promise<ToolOutput> {
  const problem = sshSettingsProblem(sandbox);
  if (problem) return failed(toolError('sandbox_unavailable', problem));
  const ssh = findRuntime('ssh', lookup);
  if (!ssh) return failed(toolError('sandbox_unavailable', SSH_MISSING));
  const result = await runShell({
    commandLine: remoteScript(sandbox.workspaceDir, call.commandLine),
    shell: { command: ssh, args: sshArgvPrefix(sandbox), label: 'ssh', verbatim: false },
    cwd: homedir(),
    timeoutMs: call.timeoutSeconds * 1000,
    maxOutputChars: TOOL_LIMITS.maxOutputChars,
    signal: call.signal,
    env: call.env,
    holdStdin: true,
    onSpawn: (pid, tag) => call.reportChild(pid, tag),
  });
  if (result.spawnError) return failed(toolError('sandbox_unavailable', `${SSH_MISSING} (${result.spawnError})`));
  if (result.exitCode === SSH_FAILED && !endedByUs(result))
    return failed(
      runtimeFailure(`ssh could not run the command on ${sandbox.host}`, result),
      describeRun(result, call.timeoutSeconds).details,
    );
  return describeRun(
    result,
    call.timeoutSeconds,
    `the connection was closed and its processes on ${sandbox.host} were stopped`,
  );
}

const SSH_MISSING =
  'ssh is not installed (not found on PATH): Debian/Ubuntu: sudo apt install openssh-client; Fedora: sudo dnf install openssh-clients; Windows: Settings › Optional features › OpenSSH Client';

// A client stopped by Stop or the time limit may exit with its own failure code (ssh: 255); that is not a failure of
// the sandbox.
function endedByUs(result: ShellRunResult): boolean {
  return result.stopped || result.timedOut;
}

function runtimeFailure(what: string, result: ShellRunResult) {
  const said = result.output.text.trim();
  return toolError('sandbox_unavailable', said === '' ? what : `${what}: ${said}`);
}

// What to run for an SSH sandbox (pure): `ssh` that never prompts, and one
// remote script that enters the workspace and runs the command there. The
// remote login shell runs it, so it is assumed to be POSIX-like (sh, bash, zsh).
import type { SshSandbox } from './sandbox';

/** argv for `ssh`, ending with the host; the remote script is appended as the last argument. */
export function sshArgvPrefix(sandbox: SshSandbox): string[] {
  // BatchMode: a password or host-key prompt would hang a tool call; it fails instead and says why.
  // `--` so that a host beginning with '-' is a host, never an option.
  return ['-o', 'BatchMode=yes', ...sandbox.args, '--', sandbox.host];
}

// Without a terminal, sshd sends no hangup when the connection ends, so a
// remote command would outlive Stop. The local ssh keeps its stdin open and
// never writes to it; a watcher on the remote side reads that stdin, and at
// its end (Stop, time limit, or the call ending) stops the session's process
// group — sshd made the remote shell its leader — SIGKILL a second later. The
// command itself gets /dev/null as stdin, as on this machine. (A pty would
// also deliver a hangup, but makes every program think it is interactive.)
const WATCHER =
  '(trap "" TERM; cat <&3 >/dev/null 2>&1; kill -TERM 0 2>/dev/null; sleep 1; kill -KILL 0 2>/dev/null) >/dev/null 2>&1 &\nexec 3<&- </dev/null';

/** The script the remote shell runs: the watcher, into the workspace or stop there with an error, then the command. */
export function remoteScript(workspaceDir: string, commandLine: string): string {
  // Each on its own line, so a command line of several lines runs only after them.
  return ['exec 3<&0', WATCHER, ...enterWorkspace(workspaceDir), commandLine].join('\n');
}

/** Into the workspace, or end the script with an error; nothing when it is the login directory. */
export function enterWorkspace(workspaceDir: string): string[] {
  return workspaceDir.trim() === '' ? [] : [`cd -- ${shellQuote(workspaceDir)} || exit 1`];
}

/** One word for a POSIX shell, whatever it contains. */
export function shellQuote(value: string): string {
  return `'${value.replaceAll("'", `'\\''`)}'`;
}

/** Why these settings cannot be used, or null. */
export function sshSettingsProblem(sandbox: SshSandbox): string | null {
  if (sandbox.host.trim() === '')
    return 'tools are set to run on an SSH host, but no host is set: set one in the Tools panel, or switch the sandbox off';
  return null;
}

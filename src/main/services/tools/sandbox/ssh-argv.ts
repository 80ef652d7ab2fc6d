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

/** The script the remote shell runs: into the workspace, or stop there with an error, then the command. */
export function remoteScript(workspaceDir: string, commandLine: string): string {
  if (workspaceDir.trim() === '') return commandLine;
  // On its own line, so a command line of several lines runs only once the directory is entered.
  return `cd -- ${shellQuote(workspaceDir)} || exit 1\n${commandLine}`;
}

/** One word for a POSIX shell, whatever it contains. */
export function shellQuote(value: string): string {
  return `'${value.replaceAll("'", `'\\''`)}'`;
}

/** Why these settings cannot be used, or null. */
export function sshSettingsProblem(sandbox: SshSandbox): string | null {
  if (sandbox.host.trim() === '') return 'tools are set to run on an SSH host, but no host is set: set one in the Tools panel, or switch the sandbox off';
  return null;
}

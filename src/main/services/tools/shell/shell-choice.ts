// Which shell execute_command uses. POSIX: bash when present (models write
// bash), else /bin/sh. Windows: cmd.exe, as EVA did — always there, starts in
// tens of milliseconds where PowerShell takes hundreds; the model is told which
// shell it has and writes for it.

/** How to start the shell with a command line. */
export interface ShellSpec {
  command: string;
  args: string[];
  /** the name shown to the model in the environment block */
  label: string;
  /** cmd.exe parses its own quoting: pass the command line verbatim */
  verbatim: boolean;
}

export function chooseShell(
  platform: NodeJS.Platform,
  env: Record<string, string | undefined>,
  exists: (path: string) => boolean,
): ShellSpec {
  if (platform === 'win32') {
    return {
      command: env.ComSpec || env.COMSPEC || 'cmd.exe',
      args: ['/d', '/s', '/c'],
      label: 'cmd.exe',
      verbatim: true,
    };
  }
  if (exists('/bin/bash')) return { command: '/bin/bash', args: ['-c'], label: 'bash', verbatim: false };
  return { command: '/bin/sh', args: ['-c'], label: 'sh', verbatim: false };
}

/** argv for one command line. */
export function shellArgv(shell: ShellSpec, commandLine: string): string[] {
  return [...shell.args, shell.verbatim ? `"${commandLine}"` : commandLine];
}

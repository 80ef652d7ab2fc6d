// Where a tool call's command runs, as main hands it to the shell worker. Host
// (no sandbox) is the absence of one. Consent and workspace confinement are
// decided before this matters: the sandbox only changes where an already
// approved command runs.
import type { SandboxSettings } from '@shared/tools/schemas';

/** The settings of a container sandbox plus the labels that say whose container it is. */
export type ContainerSandbox = { mode: 'container'; labels: Record<string, string> } & SandboxSettings['container'];
export type SshSandbox = { mode: 'ssh' } & SandboxSettings['ssh'];
/** undefined: on this machine */
export type Sandbox = ContainerSandbox | SshSandbox;

/** Label on every container EVA starts: the data dir it belongs to (a hash), so the next start finds leftovers. */
export const DATA_LABEL = 'eva.data';
/** Label on every container EVA starts: the pid of the app that started it. */
export const OWNER_LABEL = 'eva.owner';

export function sandboxFromSettings(
  settings: SandboxSettings,
  owner: { dataScope: string; pid: number },
): Sandbox | undefined {
  if (settings.mode === 'container') {
    return {
      mode: 'container',
      ...settings.container,
      labels: { [DATA_LABEL]: owner.dataScope, [OWNER_LABEL]: String(owner.pid) },
    };
  }
  if (settings.mode === 'ssh') return { mode: 'ssh', ...settings.ssh };
  return undefined;
}

// The file tools read and write the host's files. In a container that is the
// same thing — the workspace is its only mount — and the host-side checks stay
// the confinement. On an SSH host they would silently act on the wrong
// machine's files, so they refuse and say what to use instead.
const HOST_FILE_TOOLS = new Set(['read_file', 'write_file', 'edit_file', 'list_files', 'preview_change']);

/** Why a tool cannot run in this sandbox, or null when it can. */
export function sandboxRefusal(tool: string, sandbox: Sandbox | undefined): string | null {
  if (sandbox?.mode !== 'ssh' || !HOST_FILE_TOOLS.has(tool)) return null;
  const name = tool === 'preview_change' ? 'changing files' : tool;
  return `${name} is not available while tools run on the SSH host ${sandbox.host}: use execute_command there (cat, ls, printf … > file, sed -i)`;
}

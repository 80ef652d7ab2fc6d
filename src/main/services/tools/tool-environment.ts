// The environment block of the tools prompt (OS, shell, workspace, date, a
// short overview of the workspace), gathered with its effects passed in.
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { ToolEnvironment } from '@shared/tools/agent/tools-prompt';
import type { SandboxSettings } from '@shared/tools/schemas';
import { chooseShell } from './shell/shell-choice';

export interface EnvironmentDeps {
  platform: NodeJS.Platform;
  /** os.release() */
  release: string;
  arch: string;
  env: Record<string, string | undefined>;
  exists: (path: string) => boolean;
  now: Date;
}

const OS_NAMES: Partial<Record<NodeJS.Platform, string>> = {
  linux: 'Linux',
  darwin: 'macOS (Darwin)',
  win32: 'Windows',
};

export function describeEnvironment(
  workspaceDir: string,
  deps: EnvironmentDeps,
  workspaceTree?: string,
  sandbox?: SandboxSettings,
): ToolEnvironment {
  const offset = -deps.now.getTimezoneOffset();
  const sign = offset >= 0 ? '+' : '-';
  const pad = (n: number) => String(Math.abs(n)).padStart(2, '0');
  // The day, not the time: the date is in the system prompt, ahead of the whole conversation, and llama-server
  // reuses a cached prompt only up to its first change. With the minute there, every question asked in a new
  // minute had the whole conversation read again (minutes on a CPU). A model that needs the time runs `date`.
  const day = new Date(deps.now.getTime() + offset * 60_000).toISOString().slice(0, 10);
  return {
    os: `${OS_NAMES[deps.platform] ?? deps.platform} ${deps.release} (${deps.arch})`,
    shell: sandboxShell(sandbox) ?? chooseShell(deps.platform, deps.env, deps.exists).label,
    workspaceDir,
    date: `${day} (UTC${sign}${pad(Math.trunc(offset / 60))}:${pad(offset % 60)})`,
    ...(workspaceTree ? { workspaceTree } : {}),
    ...(sandbox && sandbox.mode !== 'host' ? { sandbox: sandboxNote(sandbox) } : {}),
  };
}

// The model must know that commands do not see this machine: other paths, other programs, maybe no network.
function sandboxNote(sandbox: SandboxSettings): string {
  if (sandbox.mode === 'ssh') {
    const dir = sandbox.ssh.workspaceDir.trim() === '' ? 'the login directory' : sandbox.ssh.workspaceDir;
    return `on the SSH host ${sandbox.ssh.host}, starting in ${dir} there; read_file, write_file, edit_file and list_files are not available, use execute_command for files`;
  }
  const network = sandbox.container.network ? 'with network access' : 'without network access';
  return `in a container (image ${sandbox.container.image}) ${network}; the workspace is mounted at /workspace and commands start there, nothing else of this machine is visible; the file tools act on the same workspace files`;
}

function sandboxShell(sandbox: SandboxSettings | undefined): string | null {
  if (sandbox?.mode === 'container') return 'sh (/bin/sh in the container)';
  if (sandbox?.mode === 'ssh') return 'the login shell of the SSH host';
  return null;
}

/** Up to two levels of the workspace, directories marked with "/", capped; hidden entries and node_modules left out. */
export async function workspaceOverview(dir: string, maxEntries = 80): Promise<string> {
  const lines: string[] = [];
  let more = 0;
  const visit = async (path: string, depth: number, indent: string): Promise<void> => {
    let entries;
    try {
      entries = await readdir(path, { withFileTypes: true });
    } catch {
      return;
    }
    const shown = entries
      .filter((e) => !e.name.startsWith('.') && e.name !== 'node_modules')
      .sort((a, b) => a.name.localeCompare(b.name));
    for (const entry of shown) {
      if (lines.length >= maxEntries) {
        more++;
        continue;
      }
      lines.push(`${indent}${entry.name}${entry.isDirectory() ? '/' : ''}`);
      if (entry.isDirectory() && depth < 2) await visit(join(path, entry.name), depth + 1, `${indent}  `);
    }
  };
  await visit(dir, 1, '');
  if (lines.length === 0) return '(empty)';
  return more > 0 ? `${lines.join('\n')}\n… ${more} more` : lines.join('\n');
}

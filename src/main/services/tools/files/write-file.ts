// write_file: atomic replace (temp file + rename, via the shared atomic
// writer) of a file inside the workspace, creating missing parents one level
// at a time so a directory swapped for a symlink is noticed before anything
// is created through it.
import { lstat, mkdir, realpath, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { writeFileAtomic } from '../../fs/atomic-write';
import { TOOL_LIMITS } from '@shared/tools/tool-limits';
import { toolError } from '@shared/tools/tool-types';
import { failed, type ToolExecContext, type ToolOutput } from '../tool-executor';
import { formatBytes, openError } from './text-file';
import { recheckBeforeWrite, resolveWorkspacePath, type WorkspacePath } from './workspace-path';

/** Test seam: runs between the confinement check and the write, where a race would happen. */
export interface WriteHooks {
  beforeWrite?: (target: WorkspacePath) => Promise<void>;
}

export async function writeFileTool(
  args: Record<string, unknown>,
  context: ToolExecContext,
  hooks: WriteHooks = {},
): Promise<ToolOutput> {
  const content = String(args.content);
  const bytes = Buffer.byteLength(content);
  if (bytes > TOOL_LIMITS.maxWriteBytes) {
    return failed(
      toolError(
        'file_too_large',
        `content is ${formatBytes(bytes)}; write_file accepts up to ${formatBytes(TOOL_LIMITS.maxWriteBytes)}`,
      ),
    );
  }
  const resolved = await resolveWorkspacePath(context.workspaceDir, String(args.path), { fence: context.fence });
  if (!resolved.ok) return failed(resolved.error);
  const target = resolved.value;
  const written = await writeConfined(target, content, undefined, hooks);
  if (written) return failed(written);
  const lines = content === '' ? 0 : content.split('\n').length - (content.endsWith('\n') ? 1 : 0);
  const verb = target.exists ? 'Replaced' : 'Created';
  return {
    status: 'ok',
    output: `${verb} ${target.relative} (${lines} lines, ${formatBytes(bytes)})`,
    details: { path: target.relative, bytes, created: !target.exists },
  };
}

/** Create parents, re-check confinement at the last moment, then write atomically. Shared with edit_file. */
export async function writeConfined(
  target: WorkspacePath,
  content: string,
  mode: number | undefined,
  hooks: WriteHooks = {},
) {
  try {
    const parentError = await ensureParents(target);
    if (parentError) return parentError;
    let fileMode = mode;
    if (fileMode === undefined && target.exists) {
      const existing = await stat(target.path);
      if (existing.isDirectory()) return toolError('not_a_file', `"${target.relative}" is a directory`);
      fileMode = existing.mode & 0o7777;
    }
    await hooks.beforeWrite?.(target);
    const changed = await recheckBeforeWrite(target);
    if (changed) return changed;
    // Never in place: the rename gives this name a new file, so a hard link's other names (maybe outside) keep theirs.
    await writeFileAtomic(target.path, content, fileMode ?? 0o644);
    return null;
  } catch (error) {
    return openError(error, target.relative);
  }
}

async function ensureParents(target: WorkspacePath) {
  const missing: string[] = [];
  for (let dir = dirname(target.path); dir.length > target.root.length && !(await exists(dir)); dir = dirname(dir))
    missing.unshift(dir);
  for (const dir of missing) {
    // Each level's parent must still be exactly where we expect it before we create inside it.
    const parent = dirname(dir);
    if ((await realpath(parent)) !== parent) {
      return toolError(
        'outside_workspace',
        `"${target.relative}": a parent directory changed into a symbolic link; nothing was written`,
      );
    }
    await mkdir(dir);
    const made = await lstat(dir);
    if (!made.isDirectory() || made.isSymbolicLink())
      return toolError('outside_workspace', `"${target.relative}": could not create its directory safely`);
  }
  return null;
}

async function exists(path: string): Promise<boolean> {
  try {
    await lstat(path);
    return true;
  } catch {
    return false;
  }
}

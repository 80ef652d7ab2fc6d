// Confinement of the file tools to the workspace, against the real file system:
// the path must pass the lexical rules, and the real location of its deepest
// existing ancestor must still be inside the real workspace, so symlinks that
// point out and symlinked parent directories are refused. Callers that write
// call `recheckBeforeWrite` at the last moment (TOCTOU).
import { lstat, realpath } from 'node:fs/promises';
import { toolError, type ToolError } from '@shared/tools/tool-types';
import { ifExists } from '../../fs/if-exists';
import {
  checkPathSyntax,
  currentPathPlatform,
  isWithin,
  lexicalTarget,
  pathApi,
  type PathPlatform,
} from './path-rules';

/** A path that was inside the workspace when checked. */
export interface WorkspacePath {
  /** real absolute path (symlinks resolved; missing tail components appended) */
  path: string;
  /** relative to the workspace, with "/" separators, for messages */
  relative: string;
  /** real workspace root */
  root: string;
  exists: boolean;
}

export type WorkspacePathResult = { ok: true; value: WorkspacePath } | { ok: false; error: ToolError };

/**
 * EVA's own data directory: refused to the file tools even where the workspace
 * contains it (one approved write to mcp.json or settings.json would otherwise
 * grant unasked execution for good), except the folders in `allowed` (the default
 * workspace lives in it).
 */
export interface DataDirFence {
  dir: string;
  allowed: readonly string[];
}

export interface ResolveOptions {
  platform?: PathPlatform;
  fence?: DataDirFence;
}

export async function resolveWorkspacePath(
  workspaceDir: string,
  input: string,
  options: ResolveOptions = {},
): Promise<WorkspacePathResult> {
  const platform = options.platform ?? currentPathPlatform();
  const api = pathApi(platform);
  const syntax = checkPathSyntax(input, platform);
  if (syntax) return { ok: false, error: syntax };

  let root: string;
  try {
    root = await realpath(workspaceDir);
  } catch {
    return {
      ok: false,
      error: toolError('workspace_missing', `the workspace directory ${workspaceDir} does not exist`),
    };
  }
  const target = lexicalTarget(root, input, platform, [api.resolve(workspaceDir)]);
  if ('error' in target) return { ok: false, error: target.error };

  // Find the deepest part of the path that exists; the rest will be created.
  let existing = target.path;
  const missing: string[] = [];
  for (;;) {
    try {
      await lstat(existing);
      break;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOTDIR')
        return { ok: false, error: toolError('not_a_directory', `a parent of "${input}" is a file, not a directory`) };
      if (code !== 'ENOENT')
        return { ok: false, error: toolError('io_error', `cannot inspect "${input}": ${(error as Error).message}`) };
      missing.unshift(api.basename(existing));
      existing = api.dirname(existing);
    }
  }
  let real: string;
  try {
    real = await realpath(existing);
  } catch (error) {
    // A dangling symlink: realpath fails although lstat found the link.
    return {
      ok: false,
      error: toolError(
        'outside_workspace',
        `"${input}" is a symbolic link that cannot be resolved: ${(error as Error).message}`,
      ),
    };
  }
  if (!isWithin(root, real, platform)) {
    return {
      ok: false,
      error: toolError(
        'outside_workspace',
        `"${input}" resolves through a symbolic link to a place outside the workspace`,
      ),
    };
  }
  const path = missing.length > 0 ? api.join(real, ...missing) : real;
  const relative = api.relative(root, path).split(api.sep).join('/') || '.';
  if (options.fence && (await isFenced(path, options.fence, platform))) {
    return {
      ok: false,
      error: toolError(
        'protected_path',
        `"${input}" is inside EVA's own data directory (settings, keys, MCP servers); the file tools never read or change it`,
      ),
    };
  }
  return { ok: true, value: { path, relative, root, exists: missing.length === 0 } };
}

/**
 * The real locations of a fence; a part that does not exist cannot hold anything and is left out. One that cannot be
 * resolved for another reason throws: a fence left out there would let a search walk into the data dir.
 */
export async function realFence(fence: DataDirFence): Promise<{ dir: string; allowed: string[] } | null> {
  const dir = await ifExists(realpath(fence.dir));
  if (dir === null) return null;
  const allowed = await Promise.all(fence.allowed.map((path) => ifExists(realpath(path))));
  return { dir, allowed: allowed.filter((path): path is string => path !== null) };
}

/** Whether a real path is inside the fenced data dir and outside its allowed folders. */
export function insideRealFence(
  path: string,
  fence: { dir: string; allowed: readonly string[] },
  platform: PathPlatform,
): boolean {
  return isWithin(fence.dir, path, platform) && !fence.allowed.some((allowed) => isWithin(allowed, path, platform));
}

async function isFenced(path: string, fence: DataDirFence, platform: PathPlatform): Promise<boolean> {
  const real = await realFence(fence);
  return real !== null && insideRealFence(path, real, platform);
}

/**
 * Right before writing: the parent must still be the directory we checked
 * (no component swapped for a symlink since) and the target must not have
 * become a symlink. Returns null when it is safe to write.
 */
export async function recheckBeforeWrite(
  target: WorkspacePath,
  options: ResolveOptions = {},
): Promise<ToolError | null> {
  const platform = options.platform ?? currentPathPlatform();
  const api = pathApi(platform);
  const parent = api.dirname(target.path);
  const changed = toolError(
    'outside_workspace',
    `"${target.relative}" changed while it was being written (a symbolic link appeared); nothing was written`,
  );
  try {
    const realParent = await realpath(parent);
    if (realParent !== parent || !isWithin(target.root, realParent, platform)) return changed;
  } catch {
    return changed;
  }
  try {
    if ((await lstat(target.path)).isSymbolicLink()) return changed;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') return changed;
  }
  return null;
}

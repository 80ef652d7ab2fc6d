// list_files: one directory's entries, or with a pattern, a recursive glob
// search. Symlinked directories are listed but never entered (they may lead
// out of the workspace), and the walk is bounded in entries seen and returned,
// and in time.
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { TOOL_LIMITS } from '@shared/tools/tool-limits';
import { toolError } from '@shared/tools/tool-types';
import { compileGlob, type GlobMatcher } from './glob-pattern';
import { failed, type ToolExecContext, type ToolOutput } from '../tool-executor';
import { openError } from './text-file';
import { insideRealFence, realFence, resolveWorkspacePath } from './workspace-path';
import { currentPathPlatform, isWithin, type PathPlatform } from './path-rules';

// Directories a recursive search skips unless the pattern names them.
const SKIPPED_DIRS = ['.git', 'node_modules'];
// A backstop for slow matching (glob-pattern.ts bounds one match) on a huge tree:
// the search stops with what it found, well inside the tool's own time limit.
const SEARCH_BUDGET_MS = Math.floor(TOOL_LIMITS.fileToolMs / 3);

export async function listFilesTool(args: Record<string, unknown>, context: ToolExecContext): Promise<ToolOutput> {
  const input = typeof args.path === 'string' && args.path.trim() !== '' ? args.path : '.';
  const max = typeof args.max_entries === 'number' ? args.max_entries : TOOL_LIMITS.listDefaultEntries;
  const resolved = await resolveWorkspacePath(context.workspaceDir, input, { fence: context.fence });
  if (!resolved.ok) return failed(resolved.error);
  const { path, relative } = resolved.value;
  if (!resolved.value.exists) return failed(toolError('not_found', `"${relative}" does not exist`));
  try {
    if (typeof args.pattern === 'string') {
      const glob = compileGlob(args.pattern, process.platform === 'win32');
      if (!glob.ok) return failed(glob.error);
      // A search from above EVA's data dir walks past it, never into it.
      const fence = context.fence ? await realFence(context.fence) : null;
      const policy = fence ? (absolute: string) => fencePolicy(absolute, fence, currentPathPlatform()) : undefined;
      return await globSearch(path, relative, args.pattern, glob.match, max, context.signal, SEARCH_BUDGET_MS, policy);
    }
    const entries = await readdir(path, { withFileTypes: true });
    const names = entries
      .map((e) => (e.isDirectory() ? `${e.name}/` : e.isSymbolicLink() ? `${e.name}@` : e.name))
      .sort(compareEntries);
    return listing(names, max, relative === '.' ? '(the workspace directory is empty)' : `(${relative} is empty)`, {
      path: relative,
    });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOTDIR')
      return failed(toolError('not_a_directory', `"${relative}" is a file, not a directory; use read_file`));
    return failed(openError(error, relative));
  }
}

/** show: list and enter; pass: enter but never list (on the way to an allowed folder); hide: neither. */
export type EntryPolicy = 'show' | 'pass' | 'hide';

/** EVA's data dir is hidden from a search, but the default workspace inside it can still be reached. */
function fencePolicy(
  absolute: string,
  fence: { dir: string; allowed: readonly string[] },
  platform: PathPlatform,
): EntryPolicy {
  if (!insideRealFence(absolute, fence, platform)) return 'show';
  return fence.allowed.some((allowed) => isWithin(absolute, allowed, platform)) ? 'pass' : 'hide';
}

/** The recursive search; exported so a test can give it a tiny time budget. */
export async function globSearch(
  root: string,
  relative: string,
  pattern: string,
  isMatch: GlobMatcher,
  max: number,
  signal: AbortSignal,
  budgetMs = SEARCH_BUDGET_MS,
  policy: (absolute: string) => EntryPolicy = () => 'show',
): Promise<ToolOutput> {
  const deadline = Date.now() + budgetMs;
  const skipped = SKIPPED_DIRS.filter((dir) => !pattern.includes(dir));
  const matches: string[] = [];
  let scanned = 0;
  let stopped: string | null = null;
  const queue: string[] = [''];
  while (queue.length > 0 && !signal.aborted && stopped === null) {
    const dir = queue.shift() as string;
    let entries;
    try {
      entries = await readdir(join(root, dir), { withFileTypes: true });
    } catch {
      continue; // unreadable directories are skipped, not fatal
    }
    entries.sort((a, b) => a.name.localeCompare(b.name));
    for (const entry of entries) {
      if (++scanned > TOOL_LIMITS.listMaxScanned) {
        stopped = `search stopped after ${TOOL_LIMITS.listMaxScanned} entries; narrow the path or pattern`;
        break;
      }
      if (Date.now() > deadline) {
        stopped = `search stopped after ${budgetMs / 1000} s and ${scanned - 1} entries; narrow the path or use a simpler pattern`;
        break;
      }
      const rel = dir === '' ? entry.name : `${dir}/${entry.name}`;
      const shown = policy(join(root, rel));
      if (shown === 'hide') continue;
      if (entry.isDirectory() && !skipped.includes(entry.name)) queue.push(rel);
      if (shown === 'show' && isMatch(rel)) matches.push(entry.isDirectory() ? `${rel}/` : rel);
    }
  }
  const result = listing(matches, max, `(no match for "${pattern}" in ${relative})`, {
    path: relative,
    pattern,
    scanned,
    ...(stopped ? { incomplete: true } : {}),
  });
  return { ...result, output: result.output + (stopped ? `\n[${stopped}]` : '') };
}

function listing(names: string[], max: number, empty: string, details: Record<string, unknown>): ToolOutput {
  if (names.length === 0) return { status: 'ok', output: empty, details: { ...details, count: 0 } };
  const shown = names.slice(0, max);
  const more = names.length - shown.length;
  const output =
    shown.join('\n') + (more > 0 ? `\n[… ${more} more entries; raise max_entries or narrow the pattern]` : '');
  return { status: 'ok', output, details: { ...details, count: names.length, truncated: more > 0 } };
}

// Directories first, then files, each alphabetically: the shape people scan fastest.
function compareEntries(a: string, b: string): number {
  const dirA = a.endsWith('/');
  const dirB = b.endsWith('/');
  if (dirA !== dirB) return dirA ? -1 : 1;
  return a.localeCompare(b);
}

// list_files: one directory's entries, or with a pattern, a recursive glob
// search. Symlinked directories are listed but never entered (they may lead
// out of the workspace), and the walk is bounded in entries seen and returned.
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { TOOL_LIMITS } from '../../../shared/tools/tool-limits';
import { toolError } from '../../../shared/tools/tool-types';
import { globToRegExp } from './glob-pattern';
import { failed, type ToolExecContext, type ToolOutput } from './tool-executor';
import { openError } from './text-file';
import { resolveWorkspacePath } from './workspace-path';

// Directories a recursive search skips unless the pattern names them.
const SKIPPED_DIRS = ['.git', 'node_modules'];

export async function listFilesTool(args: Record<string, unknown>, context: ToolExecContext): Promise<ToolOutput> {
  const input = typeof args.path === 'string' && args.path.trim() !== '' ? args.path : '.';
  const max = typeof args.max_entries === 'number' ? args.max_entries : TOOL_LIMITS.listDefaultEntries;
  const resolved = await resolveWorkspacePath(context.workspaceDir, input);
  if (!resolved.ok) return failed(resolved.error);
  const { path, relative } = resolved.value;
  if (!resolved.value.exists) return failed(toolError('not_found', `"${relative}" does not exist`));
  try {
    if (typeof args.pattern === 'string') return await globSearch(path, relative, args.pattern, max, context.signal);
    const entries = await readdir(path, { withFileTypes: true });
    const names = entries.map((e) => (e.isDirectory() ? `${e.name}/` : e.isSymbolicLink() ? `${e.name}@` : e.name)).sort(compareEntries);
    return listing(names, max, relative === '.' ? '(the workspace directory is empty)' : `(${relative} is empty)`, { path: relative });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOTDIR') return failed(toolError('not_a_directory', `"${relative}" is a file, not a directory; use read_file`));
    return failed(openError(error, relative));
  }
}

async function globSearch(root: string, relative: string, pattern: string, max: number, signal: AbortSignal): Promise<ToolOutput> {
  const matcher = globToRegExp(pattern, process.platform === 'win32');
  const skipped = SKIPPED_DIRS.filter((dir) => !pattern.includes(dir));
  const matches: string[] = [];
  let scanned = 0;
  let incomplete = false;
  const queue: string[] = [''];
  while (queue.length > 0 && !signal.aborted) {
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
        incomplete = true;
        break;
      }
      const rel = dir === '' ? entry.name : `${dir}/${entry.name}`;
      if (entry.isDirectory() && !skipped.includes(entry.name)) queue.push(rel);
      if (matcher.test(rel)) matches.push(entry.isDirectory() ? `${rel}/` : rel);
    }
    if (incomplete) break;
  }
  const note = incomplete ? `\n[search stopped after ${TOOL_LIMITS.listMaxScanned} entries; narrow the path or pattern]` : '';
  const result = listing(matches, max, `(no match for "${pattern}" in ${relative})`, { path: relative, pattern, scanned });
  return { ...result, output: result.output + note };
}

function listing(names: string[], max: number, empty: string, details: Record<string, unknown>): ToolOutput {
  if (names.length === 0) return { status: 'ok', output: empty, details: { ...details, count: 0 } };
  const shown = names.slice(0, max);
  const more = names.length - shown.length;
  const output = shown.join('\n') + (more > 0 ? `\n[… ${more} more entries; raise max_entries or narrow the pattern]` : '');
  return { status: 'ok', output, details: { ...details, count: names.length, truncated: more > 0 } };
}

// Directories first, then files, each alphabetically: the shape people scan fastest.
function compareEntries(a: string, b: string): number {
  const dirA = a.endsWith('/');
  const dirB = b.endsWith('/');
  if (dirA !== dirB) return dirA ? -1 : 1;
  return a.localeCompare(b);
}

// Reading a workspace file as text for the file tools: no following a symlink
// that appeared since the check (O_NOFOLLOW), no file with other names (a hard
// link), a size cap, and binary files refused with a clear message instead of
// mojibake.
import { constants } from 'node:fs';
import { open } from 'node:fs/promises';
import { toolError, type ToolError } from '@shared/tools/tool-types';

/** The decoded text and the file mode (kept when the file is rewritten). */
export interface TextFile {
  text: string;
  mode: number;
  bytes: number;
}

const NOFOLLOW = constants.O_NOFOLLOW ?? 0;

export async function readTextFile(
  path: string,
  relative: string,
  maxBytes: number,
): Promise<{ ok: true; file: TextFile } | { ok: false; error: ToolError }> {
  let handle;
  try {
    handle = await open(path, constants.O_RDONLY | NOFOLLOW);
  } catch (error) {
    return { ok: false, error: openError(error, relative) };
  }
  try {
    const stat = await handle.stat();
    if (stat.isDirectory())
      return {
        ok: false,
        error: toolError('not_a_file', `"${relative}" is a directory; use list_files to see what is inside`),
      };
    if (!stat.isFile()) return { ok: false, error: toolError('not_a_file', `"${relative}" is not a regular file`) };
    // Checked on the open descriptor, so it is the very file read. Also what keeps edit_file from copying an outside
    // file's text in.
    if (stat.nlink > 1) return { ok: false, error: hardLinkError(relative, stat.nlink) };
    if (stat.size > maxBytes) {
      return {
        ok: false,
        error: toolError(
          'file_too_large',
          `"${relative}" is ${formatBytes(stat.size)}; the limit is ${formatBytes(maxBytes)}. Use execute_command with head, tail or grep instead.`,
          { bytes: stat.size },
        ),
      };
    }
    const buffer = await handle.readFile();
    const text = decodeText(buffer);
    if (text === null)
      return {
        ok: false,
        error: toolError(
          'binary_file',
          `"${relative}" looks like a binary file (${formatBytes(buffer.length)}); only text files can be read or edited`,
        ),
      };
    return { ok: true, file: { text, mode: stat.mode & 0o7777, bytes: buffer.length } };
  } catch (error) {
    return { ok: false, error: openError(error, relative) };
  } finally {
    await handle.close();
  }
}

/** UTF-8 text, or null for binary content (NUL bytes near the start, or invalid UTF-8). */
export function decodeText(buffer: Uint8Array): string | null {
  const probe = buffer.subarray(0, 8192);
  if (probe.includes(0)) return null;
  try {
    // ignoreBOM keeps a byte-order mark in the text, so an edit writes it back unchanged.
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(buffer);
  } catch {
    return null;
  }
}

/**
 * A hard link is another name for the same file, and nothing tells where the
 * other names are: one may be outside the workspace (`ln ~/.ssh/id_rsa key`, a
 * tar archive with link entries), so such a file counts as possibly outside.
 */
export function hardLinkError(relative: string, links: number): ToolError {
  return toolError(
    'outside_workspace',
    `"${relative}" has ${links} hard links: the same file also has another name, possibly outside the workspace, so the file tools do not read or change it`,
    { hardLinks: links },
  );
}

export function openError(error: unknown, relative: string): ToolError {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return toolError('not_found', `"${relative}" does not exist`);
  if (code === 'ELOOP')
    return toolError('outside_workspace', `"${relative}" became a symbolic link; refusing to follow it`);
  if (code === 'EISDIR') return toolError('not_a_file', `"${relative}" is a directory`);
  if (code === 'EACCES' || code === 'EPERM') return toolError('io_error', `permission denied for "${relative}"`);
  return toolError('io_error', `"${relative}": ${(error as Error).message}`);
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

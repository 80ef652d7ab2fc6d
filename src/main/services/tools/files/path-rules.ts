// Lexical rules for paths a model hands to the file tools, checked before the
// file system is touched. Pure, with the platform passed in so the Windows
// rules are tested on Linux too. Device names and `:` are refused on every
// platform: a workspace may be synced to Windows, and no legitimate task needs them.
import { posix, win32, type PlatformPath } from 'node:path';
import { toolError, type ToolError } from '@shared/tools/tool-types';

export type PathPlatform = 'posix' | 'win32';

export const MAX_PATH_CHARS = 4096;
export const MAX_COMPONENT_BYTES = 255;

const DEVICE_NAMES = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³]|conin\$|conout\$)$/i;

export function pathApi(platform: PathPlatform): PlatformPath {
  return platform === 'win32' ? win32 : posix;
}

export function currentPathPlatform(): PathPlatform {
  return process.platform === 'win32' ? 'win32' : 'posix';
}

/** null when the text may be a workspace path; otherwise why not. */
export function checkPathSyntax(input: string, platform: PathPlatform): ToolError | null {
  const bad = (message: string) => toolError('invalid_path', message, { path: input.slice(0, 300) });
  if (input.trim() === '') return bad('the path is empty');
  if (input.includes('\0')) return bad('the path contains a NUL byte');
  if ([...input].some((ch) => ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f))
    return bad('the path contains control characters');
  if (input.length > MAX_PATH_CHARS) return bad(`the path is longer than ${MAX_PATH_CHARS} characters`);
  if (input.startsWith('~')) return bad('"~" is not expanded; use a path relative to the workspace directory');
  if (platform === 'win32' && /^[\\/]{2}/.test(input))
    return bad('UNC and device paths (\\\\server\\share, \\\\?\\, \\\\.\\) are not allowed');

  // On Windows "C:\…" is an absolute path; every other ':' names a stream or a drive-relative path.
  const body = platform === 'win32' && /^[A-Za-z]:[\\/]/.test(input) ? input.slice(2) : input;
  if (body.includes(':'))
    return bad('":" is not allowed in a path (Windows alternate data streams and drive-relative paths)');

  const components = body.split(platform === 'win32' ? /[\\/]/ : '/').filter((part) => part !== '');
  for (const part of components) {
    if (new TextEncoder().encode(part).length > MAX_COMPONENT_BYTES)
      return bad(`a path component is longer than ${MAX_COMPONENT_BYTES} bytes`);
    if (part === '.' || part === '..') continue;
    const stem = part.split('.')[0]?.trimEnd() ?? part;
    if (DEVICE_NAMES.test(stem)) return bad(`"${part}" is a reserved device name on Windows`);
    if (platform === 'win32' && /[. ]$/.test(part))
      return bad(`"${part}" ends with a dot or space, which Windows silently drops`);
    if (platform === 'win32' && /[<>"|?*]/.test(part))
      return bad(`"${part}" contains a character Windows does not allow in names`);
  }
  return null;
}

/** true when `candidate` is `root` or inside it (both absolute, already normalised). */
export function isWithin(root: string, candidate: string, platform: PathPlatform): boolean {
  const api = pathApi(platform);
  const rel = api.relative(root, candidate);
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${api.sep}`) && !api.isAbsolute(rel));
}

/**
 * Where `input` points, lexically: an absolute path inside the workspace, or an
 * error for `..` escapes and absolute paths elsewhere. `aliases` are other
 * spellings of the root (the path the user configured before realpath).
 */
export function lexicalTarget(
  root: string,
  input: string,
  platform: PathPlatform,
  aliases: readonly string[] = [],
): { path: string } | { error: ToolError } {
  const api = pathApi(platform);
  if (api.isAbsolute(input)) {
    const absolute = api.resolve(input);
    if (isWithin(root, absolute, platform)) return { path: absolute };
    for (const alias of aliases) {
      if (isWithin(alias, absolute, platform)) return { path: api.join(root, api.relative(alias, absolute)) };
    }
    return {
      error: toolError(
        'outside_workspace',
        `"${input}" is outside the workspace; use a path relative to the workspace directory`,
      ),
    };
  }
  const absolute = api.resolve(root, input);
  if (!isWithin(root, absolute, platform))
    return { error: toolError('outside_workspace', `"${input}" leads outside the workspace`) };
  return { path: absolute };
}

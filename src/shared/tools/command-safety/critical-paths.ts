// Paths whose recursive deletion, chmod or move would wreck the machine or the
// user's home, as a command line writes them (before the shell expands them).

const SYSTEM_DIRS = new Set([
  'bin',
  'boot',
  'dev',
  'etc',
  'home',
  'lib',
  'lib32',
  'lib64',
  'opt',
  'proc',
  'root',
  'sbin',
  'srv',
  'sys',
  'usr',
  'var',
  'users',
  'system',
  'library',
  'applications',
  'private',
  'volumes',
  'mnt',
  'media',
  'snap',
]);

export function isCriticalPath(raw: string, homeDir?: string): boolean {
  const path = normalise(raw);
  if (path === null) return false;
  if (path === '' || path === '~' || path === '.*' || /^\.\.(\/\.\.)*$/.test(path) || /^~[A-Za-z0-9_.-]+$/.test(path))
    return true;
  if (/^[a-z]:$/i.test(path)) return true;
  if (/^[a-z]:\/(windows|users|program files( \(x86\))?|programdata)$/i.test(path)) return true;
  const top = /^\/([^/]+)$/.exec(path);
  if (top && SYSTEM_DIRS.has((top[1] as string).toLowerCase())) return true;
  if (homeDir) {
    const home = normalise(homeDir);
    if (home && home !== '' && path.toLowerCase() === home.toLowerCase()) return true;
  }
  return false;
}

/** `"${HOME}/./*"` → `~`, `C:\\` → `c:`, `//` → `` (root); null for an empty word. */
function normalise(raw: string): string | null {
  let path = raw.trim().replace(/\\/g, '/');
  if (path === '') return null;
  path = path
    .replace(/^\$\{?HOME\}?(?=\/|$)/, '~')
    .replace(/^%userprofile%/i, '~')
    .replace(/^%systemdrive%/i, 'C:')
    .replace(/^%(systemroot|windir)%/i, 'C:/windows')
    .replace(/\/+/g, '/')
    .replace(/\/\.(?=\/)/g, '');
  // Trailing "/", "/.", "/*" and "/.*" all still mean the directory itself.
  for (;;) {
    const next = path.replace(/\/(\.|\*|\.\*)?$/, '');
    if (next === path) return path;
    path = next;
  }
}

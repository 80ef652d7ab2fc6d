// The data dir holds conversations, settings and keys: private to the user.
import { chmod, mkdtemp, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ensureDataPaths } from './data-paths';

describe.runIf(process.platform !== 'win32')('data dir permissions (POSIX modes)', () => {
  it('creates the data dir 0700, and closes one an older version left 0755', async () => {
    const fresh = join(await mkdtemp(join(tmpdir(), 'eva-data-')), 'eva-desktop');
    await ensureDataPaths(fresh);
    expect((await stat(fresh)).mode & 0o777).toBe(0o700);
    const old = await mkdtemp(join(tmpdir(), 'eva-data-'));
    await chmod(old, 0o755);
    const paths = await ensureDataPaths(old);
    expect((await stat(old)).mode & 0o777).toBe(0o700);
    expect((await stat(paths.history)).mode & 0o077).toBe(0);
  });
});

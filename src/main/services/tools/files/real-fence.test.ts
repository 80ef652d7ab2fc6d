import { mkdir, mkdtemp, realpath, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { realFence } from './workspace-path';

let root: string;

beforeEach(async () => {
  root = await realpath(await mkdtemp(join(tmpdir(), 'eva-real-fence-')));
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('realFence', () => {
  it('leaves out the parts that do not exist', async () => {
    await mkdir(join(root, 'data', 'models'), { recursive: true });
    const fence = { dir: join(root, 'data'), allowed: [join(root, 'data', 'models'), join(root, 'data', 'gone')] };
    expect(await realFence(fence)).toEqual({ dir: join(root, 'data'), allowed: [join(root, 'data', 'models')] });
    expect(await realFence({ dir: join(root, 'nowhere'), allowed: [] })).toBeNull();
  });

  // Root resolves any path whatever its mode; a link to itself (ELOOP) is a failure root meets too.
  it('throws when a part cannot be resolved, rather than dropping the fence', async () => {
    await symlink(join(root, 'loop'), join(root, 'loop'));
    await expect(realFence({ dir: join(root, 'loop'), allowed: [] })).rejects.toMatchObject({ code: 'ELOOP' });
  });
});

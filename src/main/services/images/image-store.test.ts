import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openImageStore } from './image-store';

let root: string;

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'eva-image-store-'));
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

// Tests may run as root, which reads any folder whatever its mode; a symlink that points at
// itself (ELOOP) is a failure that is not "missing" and that root meets too.
async function loopingFolder(): Promise<string> {
  const path = join(root, 'images');
  await symlink(path, path);
  return path;
}

describe('openImageStore', () => {
  it('lists and sweeps nothing while the folder does not exist yet', async () => {
    const store = openImageStore(join(root, 'images'));
    expect(await store.list()).toEqual([]);
    expect(await store.sweepParts()).toBe(0);
    expect(await store.remove('abc')).toBe(false);
  });

  it('reports an unreadable folder instead of showing an empty gallery', async () => {
    const store = openImageStore(await loopingFolder());
    await expect(store.list()).rejects.toMatchObject({ code: 'ELOOP' });
    await expect(store.sweepParts()).rejects.toMatchObject({ code: 'ELOOP' });
    await expect(store.remove('abc')).rejects.toMatchObject({ code: 'ELOOP' });
  });

  it('reads a missing image as not_found, and any other failure as itself', async () => {
    const dir = join(root, 'images');
    await mkdir(dir);
    const store = openImageStore(dir);
    await expect(store.read('gone')).rejects.toMatchObject({ code: 'not_found' });
    await mkdir(join(dir, 'folder.png'));
    await writeFile(join(dir, 'folder.json'), '{}');
    await expect(store.read('folder')).rejects.toMatchObject({ code: 'EISDIR' });
  });
});

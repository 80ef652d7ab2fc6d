import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ifExists, ignoreFailure, isMissing } from './if-exists.ts';

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'eva-if-exists-'));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('ifExists', () => {
  it('passes a value through', async () => {
    await writeFile(join(dir, 'a.txt'), 'hello');
    expect(await ifExists(readFile(join(dir, 'a.txt'), 'utf8'))).toBe('hello');
    expect((await ifExists(stat(dir)))?.isDirectory()).toBe(true);
  });

  it('reads a missing path as null (ENOENT)', async () => {
    expect(await ifExists(stat(join(dir, 'nope')))).toBeNull();
    expect(await ifExists(readdir(join(dir, 'nope')))).toBeNull();
  });

  it('reads a path under a regular file as null (ENOTDIR)', async () => {
    await writeFile(join(dir, 'file'), 'x');
    expect(await ifExists(stat(join(dir, 'file', 'inside')))).toBeNull();
    expect(await ifExists(readdir(join(dir, 'file')))).toBeNull();
  });

  // Tests here may run as root, which bypasses file permissions, so a folder read as a file
  // (EISDIR) stands in for every failure that is not "missing": EACCES, EIO, EMFILE alike.
  it('rethrows any other failure', async () => {
    await mkdir(join(dir, 'folder'));
    await expect(ifExists(readFile(join(dir, 'folder')))).rejects.toMatchObject({ code: 'EISDIR' });
    await expect(ifExists(Promise.reject(new Error('boom')))).rejects.toThrow('boom');
  });
});

describe('isMissing', () => {
  it('knows only ENOENT and ENOTDIR', () => {
    expect(isMissing(Object.assign(new Error('x'), { code: 'ENOENT' }))).toBe(true);
    expect(isMissing(Object.assign(new Error('x'), { code: 'ENOTDIR' }))).toBe(true);
    expect(isMissing(Object.assign(new Error('x'), { code: 'EACCES' }))).toBe(false);
    expect(isMissing(new Error('x'))).toBe(false);
    expect(isMissing(null)).toBe(false);
  });
});

describe('ignoreFailure', () => {
  it('resolves whether the promise resolves or rejects', async () => {
    await expect(ignoreFailure(Promise.resolve(1), 'test')).resolves.toBeUndefined();
    await expect(ignoreFailure(Promise.reject(new Error('gone')), 'test')).resolves.toBeUndefined();
  });
});

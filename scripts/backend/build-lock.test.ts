import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acquireBuildLock } from './build-lock';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'build-lock-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('acquireBuildLock', () => {
  it('holds the lock with our pid and frees it on release', async () => {
    const lock = join(dir, 'build-cpu.lock');
    const release = await acquireBuildLock(lock);
    expect(await readFile(lock, 'utf8')).toBe(String(process.pid));
    await release();
    await expect(readFile(lock, 'utf8')).rejects.toThrow();
  });

  it('makes a second caller wait until the first releases', async () => {
    const lock = join(dir, 'build-cpu.lock');
    // A live foreign owner: our parent process.
    await writeFile(lock, String(process.ppid));
    const waits: number[] = [];
    const second = acquireBuildLock(lock, { pollMs: 10, onWait: (pid) => waits.push(pid) });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(waits).toEqual([process.ppid]);
    await rm(lock);
    const release = await second;
    expect(await readFile(lock, 'utf8')).toBe(String(process.pid));
    await release();
  });

  it('takes over a lock whose owner is gone', async () => {
    const lock = join(dir, 'build-cpu.lock');
    await writeFile(lock, '2147483646');
    const release = await acquireBuildLock(lock, { pollMs: 10 });
    expect(await readFile(lock, 'utf8')).toBe(String(process.pid));
    await release();
  });

  it('stops waiting when aborted', async () => {
    const lock = join(dir, 'build-cpu.lock');
    await writeFile(lock, String(process.ppid));
    const controller = new AbortController();
    const waiting = acquireBuildLock(lock, { pollMs: 10, signal: controller.signal });
    controller.abort();
    await expect(waiting).rejects.toThrow();
  });
});

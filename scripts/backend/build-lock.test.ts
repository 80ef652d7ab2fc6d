import { mkdir, mkdtemp, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
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
    expect(await readFile(`${lock}.owner`, 'utf8')).toBe(String(process.pid));
    await release();
    await expect(readFile(`${lock}.owner`, 'utf8')).rejects.toThrow();
    // Free again: a second build takes it at once.
    await (
      await acquireBuildLock(lock)
    )();
  });

  it('makes a second caller wait until the first releases, naming the owner', async () => {
    const lock = join(dir, 'build-cpu.lock');
    const first = await acquireBuildLock(lock);
    const waits: number[] = [];
    let second: (() => Promise<void>) | null = null;
    const waiting = acquireBuildLock(lock, { pollMs: 10, onWait: (pid) => waits.push(pid) }).then(
      (release) => (second = release),
    );
    await vi.waitFor(() => expect(waits).toEqual([process.pid]));
    expect(second).toBeNull();
    await first();
    await waiting;
    await (second as unknown as () => Promise<void>)();
  });

  it('takes over a lock whose owner is gone (its lock no longer refreshed)', async () => {
    const lock = join(dir, 'build-cpu.lock');
    await mkdir(lock);
    await writeFile(`${lock}.owner`, '2147483646');
    const old = new Date(Date.now() - 5_000);
    await utimes(lock, old, old);
    const release = await acquireBuildLock(lock, { pollMs: 10 });
    expect(await readFile(`${lock}.owner`, 'utf8')).toBe(String(process.pid));
    await release();
  });

  it('stops waiting when aborted', async () => {
    const lock = join(dir, 'build-cpu.lock');
    const first = await acquireBuildLock(lock);
    const controller = new AbortController();
    const waiting = acquireBuildLock(lock, { pollMs: 10, signal: controller.signal });
    controller.abort();
    await expect(waiting).rejects.toThrow();
    await first();
  });
});

// One data dir, one app: a second start is refused with a clear message, and a
// lock left behind by a killed instance (a real process, SIGKILLed) does not
// block the next start.
import { spawn } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';
import { LOCK_HOLDER as HOLDER } from '@test-support/child-scripts';
import { acquireInstanceLock } from './instance-lock';

async function holdInChild(dataDir: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', HOLDER, dataDir], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    createInterface({ input: child.stdout }).on('line', (line) => line === 'locked' && resolve());
    child.once('exit', (code) => reject(new Error(`lock holder exited with ${code}`)));
  });
  return child;
}

describe('instance lock', () => {
  it('refuses a second instance on the same data dir, naming the first and its address', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'eva-lock-'));
    const child = await holdInChild(dataDir);
    try {
      const error = await acquireInstanceLock(dataDir).then(
        () => null,
        (e: unknown) => e as { code: string; message: string; details: { pid: number } },
      );
      expect(error?.code).toBe('already_running');
      expect(error?.message).toContain(dataDir);
      expect(error?.details.pid).toBe(child.pid);
    } finally {
      child.kill('SIGKILL');
    }
  });

  it('a lock left by a killed instance does not block the next start', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'eva-lock-'));
    const child = await holdInChild(dataDir);
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));
    const lock = await acquireInstanceLock(dataDir);
    // At most the two-second staleness of a dead owner's lock (plus polling).
    await lock.release();
  });

  it('announces the address to a second start, and a released lock can be taken again', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'eva-lock-'));
    const first = await acquireInstanceLock(dataDir);
    await first.announce({ url: 'http://127.0.0.1:1234/?token=t' });
    // Same process, so the owner is alive: refused at once.
    await expect(acquireInstanceLock(dataDir)).rejects.toMatchObject({
      code: 'already_running',
      details: { url: 'http://127.0.0.1:1234/?token=t' },
    });
    await first.release();
    const second = await acquireInstanceLock(dataDir);
    await second.release();
  });

  it('two starts racing for a fresh data dir: exactly one wins', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'eva-lock-'));
    const results = await Promise.allSettled([acquireInstanceLock(dataDir), acquireInstanceLock(dataDir)]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results) if (r.status === 'fulfilled') await r.value.release();
  });
});

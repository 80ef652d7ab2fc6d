// One build per backend at a time: `npm test` and `npm start` may both find the
// binary missing and call ensureBackendBuilt together, and two cmakes in one
// build dir corrupt it. The lock file holds the owner's pid; a lock whose
// owner is gone (crash, kill -9) is taken over.
import { randomBytes } from 'node:crypto';
import { link, readFile, rm, writeFile } from 'node:fs/promises';

export interface LockOptions {
  /** called once if we have to wait for another process */
  onWait?: (ownerPid: number) => void;
  signal?: AbortSignal;
  pollMs?: number;
}

export async function acquireBuildLock(lockPath: string, options: LockOptions = {}): Promise<() => Promise<void>> {
  // Written under a private name and hard-linked into place: the lock appears atomically, pid included.
  const mine = `${lockPath}.${process.pid}.${randomBytes(4).toString('hex')}`;
  await writeFile(mine, String(process.pid));
  let told = false;
  try {
    for (;;) {
      options.signal?.throwIfAborted();
      try {
        await link(mine, lockPath);
        return () => rm(lockPath, { force: true });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const text = await readFile(lockPath, 'utf8').catch(() => null);
      if (text === null) continue; // released meanwhile
      const owner = Number.parseInt(text, 10);
      // Two processes taking over the same stale lock at once could both win; a crashed build plus two new ones is rare enough.
      if (!Number.isInteger(owner) || !isAlive(owner)) {
        await rm(lockPath, { force: true });
        continue;
      }
      if (!told) options.onWait?.(owner);
      told = true;
      await new Promise((resolve) => setTimeout(resolve, options.pollMs ?? 2_000));
    }
  } finally {
    await rm(mine, { force: true });
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, it is just not ours to signal.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

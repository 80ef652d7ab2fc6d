// One build per backend at a time: `npm test` and `npm start` may both find the
// binary missing and call ensureBackendBuilt together, and two cmakes in one
// build dir corrupt it. The lock is proper-lockfile's (the same library as the
// app's data-dir lock): a directory created atomically, its mtime refreshed
// while the build runs. Beside it, the owner's pid says whom we wait for; a
// lock whose owner is gone (crash, kill -9) is taken over once it is stale.
import { readFile, rm, writeFile } from 'node:fs/promises';
import lockfile from 'proper-lockfile';

export interface LockOptions {
  /** called once if we have to wait for another process */
  onWait?: (ownerPid: number) => void;
  signal?: AbortSignal;
  pollMs?: number;
}

// A live owner refreshes every second; a lock untouched this long has none.
const STALE_MS = 10_000;
const DEAD_OWNER_STALE_MS = 2_000;

export async function acquireBuildLock(lockPath: string, options: LockOptions = {}): Promise<() => Promise<void>> {
  const ownerFile = `${lockPath}.owner`;
  let told = false;
  let stale = STALE_MS;
  for (;;) {
    options.signal?.throwIfAborted();
    try {
      // A build outlives a stalled event loop by minutes; losing the lock then is reported, not fatal.
      const release = await lockfile.lock(lockPath, {
        lockfilePath: lockPath,
        realpath: false,
        stale,
        update: 1_000,
        retries: 0,
        onCompromised: () => undefined,
      });
      await writeFile(ownerFile, String(process.pid));
      return async () => {
        await rm(ownerFile, { force: true });
        await release().catch(() => undefined);
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ELOCKED') throw error;
    }
    const owner = Number.parseInt(await readFile(ownerFile, 'utf8').catch(() => ''), 10);
    // Its owner is gone: the lock is taken over as soon as it has not been refreshed for two seconds.
    stale = Number.isInteger(owner) && !isAlive(owner) ? DEAD_OWNER_STALE_MS : STALE_MS;
    if (!told && Number.isInteger(owner) && isAlive(owner)) {
      options.onWait?.(owner);
      told = true;
    }
    await new Promise((resolve) => setTimeout(resolve, options.pollMs ?? 2_000));
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

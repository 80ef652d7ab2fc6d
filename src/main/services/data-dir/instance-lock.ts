// One data dir, one app. proper-lockfile's lock (a directory created
// atomically, its mtime refreshed every second) guards the data dir; beside
// it, the owner's identity says who holds it, so a second start gets a clear
// answer at once and a lock left by a killed instance is taken over as soon
// as it has gone stale (two seconds without a refresh), never blocking the next start.
import { readFileSync, rmSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import lockfile from 'proper-lockfile';
import { AppFailure } from '@shared/errors';
import { readIdentity, sameProcess, type ProcessIdentity } from '../process/process-identity';

export interface InstanceLock {
  /** tell a second start where to find us (the browser host's address) */
  announce(info: { url?: string }): Promise<void>;
  release(): Promise<void>;
}

interface OwnerRecord extends ProcessIdentity {
  url?: string;
}

// A live owner refreshes every second; a lock this old has no live owner.
const STALE_MS = 4_000;
const DEAD_OWNER_STALE_MS = 2_000;

export async function acquireInstanceLock(
  dataDir: string,
  onLost: (error: Error) => void = () => undefined,
): Promise<InstanceLock> {
  const lockPath = join(dataDir, 'eva.lock');
  const ownerFile = join(dataDir, 'eva.lock.owner.json');
  const options = { lockfilePath: lockPath, realpath: false, update: 1_000, onCompromised: onLost };
  let release: () => Promise<void>;
  try {
    release = await lockfile.lock(dataDir, { ...options, stale: STALE_MS, retries: 0 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ELOCKED') throw error;
    const owner = readOwner(ownerFile);
    if (owner && sameProcess(owner)) throw alreadyRunning(dataDir, owner);
    // Its owner is gone (kill -9, a crash): the lock goes stale within two seconds of its last refresh.
    try {
      release = await lockfile.lock(dataDir, {
        ...options,
        stale: DEAD_OWNER_STALE_MS,
        retries: { retries: 12, minTimeout: 250, maxTimeout: 250 },
      });
    } catch (retryError) {
      if ((retryError as NodeJS.ErrnoException).code !== 'ELOCKED') throw retryError;
      const now = readOwner(ownerFile);
      throw alreadyRunning(dataDir, now && sameProcess(now) ? now : null);
    }
  }
  const self: OwnerRecord = readIdentity(process.pid) ?? { pid: process.pid, startTime: '', cmdline: '' };
  const writeOwner = (record: OwnerRecord) => writeFile(ownerFile, JSON.stringify(record), { mode: 0o600 });
  await writeOwner(self);
  return {
    announce: (info) => writeOwner({ ...self, ...info }),
    async release() {
      rmSync(ownerFile, { force: true });
      // Quitting: the owner file is gone already, and a lock that was lost meanwhile has no one left to tell.
      await release().catch(() => undefined);
    },
  };
}

function readOwner(file: string): OwnerRecord | null {
  try {
    const owner = JSON.parse(readFileSync(file, 'utf8')) as OwnerRecord;
    return Number.isInteger(owner.pid) && typeof owner.startTime === 'string' && typeof owner.cmdline === 'string'
      ? owner
      : null;
  } catch {
    return null;
  }
}

function alreadyRunning(dataDir: string, owner: OwnerRecord | null): AppFailure {
  const where = owner?.url ? ` at ${owner.url}` : '';
  const who = owner ? ` (pid ${owner.pid})` : '';
  return new AppFailure(
    'already_running',
    `EVA Desktop is already running on the data dir ${dataDir}${who}${where}. Use that one, or quit it first.`,
    {
      pid: owner?.pid ?? null,
      url: owner?.url ?? null,
    },
  );
}

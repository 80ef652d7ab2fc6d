// Free space where a file is about to land, and a refusal in words when it
// would not fit: better said before the first byte than as ENOSPC at 97 %.
import { statfs as nodeStatfs } from 'node:fs/promises';
import { AppFailure } from '@shared/errors';
import { formatBytes } from './byte-words';

/** node:fs/promises statfs, or a stand-in (tests inject a full disk). */
export type StatFs = (path: string) => Promise<{ bavail: number; bsize: number }>;

export const defaultStatfs: StatFs = (path) => nodeStatfs(path);

/** Bytes an unprivileged user may still write in `folder`'s file system. */
export async function freeBytesIn(folder: string, statfs: StatFs): Promise<number> {
  const info = await statfs(folder);
  return Number(info.bavail) * Number(info.bsize);
}

/** Throws when `neededBytes` more would not fit in `folder`; `what` names the file for the sentence. */
export async function assertDiskRoom(folder: string, neededBytes: number, what: string, statfs: StatFs): Promise<void> {
  const free = await freeBytesIn(folder, statfs);
  if (neededBytes <= free) return;
  throw new AppFailure(
    'bad_request',
    `Not enough disk space for ${what}: it needs ${formatBytes(neededBytes)}, ${formatBytes(free)} free in ${folder}. Free some space or make another folder the first library folder.`,
    { reason: 'disk_full', neededBytes, freeBytes: free, path: folder },
  );
}

// Free space where a file is about to land, and a refusal in words when it
// would not fit: better said before the first byte than as ENOSPC at 97 %. A
// download of unknown size asks again as its bytes arrive.
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

/** How often a download whose size nobody announced looks at the free space again. */
export const ROOM_CHECK_BYTES = 16 << 20;
/** What such a download leaves free: it stops here rather than fill the disk the system and other apps need. */
export const ROOM_MARGIN_BYTES = 512 << 20;

/**
 * Throws disk_full unless the next ROOM_CHECK_BYTES still fit in `folder` with ROOM_MARGIN_BYTES
 * to spare; `receivedBytes` says in the sentence how far the download came.
 */
export async function assertRoomToGoOn(
  folder: string,
  what: string,
  receivedBytes: number,
  statfs: StatFs,
): Promise<void> {
  const free = await freeBytesIn(folder, statfs);
  const needed = ROOM_CHECK_BYTES + ROOM_MARGIN_BYTES;
  if (free >= needed) return;
  throw new AppFailure(
    'bad_request',
    `The disk is nearly full: the download of ${what} stopped at ${formatBytes(receivedBytes)} with ${formatBytes(free)} free in ${folder} (EVA leaves ${formatBytes(ROOM_MARGIN_BYTES)} free), and the partial file was deleted. Free some space or make another folder the first library folder.`,
    { reason: 'disk_full', neededBytes: needed, freeBytes: free, path: folder, receivedBytes },
  );
}

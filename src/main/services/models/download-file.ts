// One file from the hub into the library: bytes go to `<dest>.part`, resuming
// from a part an earlier attempt left (Range, with the part hashed first so the
// checksum still covers the whole file), the sha256 computed as bytes arrive,
// and only a verified file is renamed to its real name (an atomic rename in
// the same folder). A cut or a cancel keeps the part for the next attempt; a
// checksum mismatch deletes it, since resuming bad bytes cannot help. A server
// that sends more than it announced (the hub's size, or its Content-Length) is
// stopped at the first byte too many, and one that announces nothing is stopped
// before the disk fills; both parts are deleted.
import { createHash, type Hash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open, rename, rm, stat, truncate } from 'node:fs/promises';
import { basename, dirname } from 'node:path';
import { errorText, AppFailure } from '@shared/errors';
import type { DownloadState } from '@shared/models/model-library';
import { ifExists } from '../fs/if-exists';
import { formatBytes } from './byte-words';
import { assertRoomToGoOn, ROOM_CHECK_BYTES, type StatFs } from './disk-space';
import type { Fetch } from './hub-client';
import { hubStatusFailure } from './hub-failure';
import { RateMeter } from './download-rate';

export interface DownloadPlan {
  url: string;
  dest: string;
  totalBytes: number;
  sha256: string | null;
}

export interface DownloadHooks {
  fetch: Fetch;
  signal: AbortSignal;
  /** free space in the destination's folder, asked as the bytes of a download of unknown size arrive */
  statfs: StatFs;
  now: () => number;
  /** a change of the download's state; progress at most a few times a second, phase changes at once */
  report: (update: Partial<DownloadState>) => void;
}

export const partPathOf = (dest: string): string => `${dest}.part`;

/** Size of the part an earlier attempt left, 0 when none. */
export async function partSizeOf(dest: string): Promise<number> {
  const info = await ifExists(stat(partPathOf(dest)));
  return info?.isFile() ? info.size : 0;
}

/** Downloads, verifies and moves the file into place; throws an AppFailure, or an AbortError when cancelled. */
export async function downloadFile(plan: DownloadPlan, hooks: DownloadHooks): Promise<void> {
  const part = partPathOf(plan.dest);
  const name = basename(plan.dest);
  let existing = await partSizeOf(plan.dest);
  if (plan.totalBytes > 0 && existing > plan.totalBytes) {
    // Longer than the file can be: not a part of this file.
    await truncate(part, 0);
    existing = 0;
  }
  let hash = createHash('sha256');
  if (existing > 0) {
    await hashFile(part, existing, hash, hooks.signal);
    hooks.report({ resumedFrom: existing, receivedBytes: existing });
  }
  let received = existing;
  if (plan.totalBytes === 0 || existing < plan.totalBytes) {
    const response = await request(plan, existing, name, hooks);
    if (existing > 0 && response.status === 200) {
      // The server ignored the Range: it sends the whole file, so start the part over.
      existing = 0;
      hash = createHash('sha256');
      hooks.report({ resumedFrom: 0, receivedBytes: 0 });
    }
    received = await receiveBody(response, part, existing, hash, plan, hooks);
    if (plan.totalBytes > 0 && received < plan.totalBytes) {
      throw new AppFailure(
        'endpoint_error',
        `The download of ${name} stopped at ${formatBytes(received)} of ${formatBytes(plan.totalBytes)}; start it again to resume.`,
        {
          reason: 'interrupted',
          receivedBytes: received,
          totalBytes: plan.totalBytes,
        },
      );
    }
  }
  hooks.report({ phase: 'verifying', receivedBytes: received, etaSec: 0 });
  const actual = hash.digest('hex');
  if (plan.sha256 !== null && actual !== plan.sha256) {
    await rm(part, { force: true });
    throw new AppFailure(
      'model_invalid',
      `The downloaded ${name} does not match the hub's checksum (damaged on the way); it was deleted. Download it again.`,
      {
        path: plan.dest,
        reason: 'checksum_mismatch',
        expected: plan.sha256,
        actual,
      },
    );
  }
  await rename(part, plan.dest);
}

async function request(plan: DownloadPlan, from: number, name: string, hooks: DownloadHooks): Promise<Response> {
  let response: Response;
  try {
    response = await hooks.fetch(plan.url, {
      headers: from > 0 ? { range: `bytes=${from}-` } : {},
      redirect: 'follow',
      signal: hooks.signal,
    });
  } catch (error) {
    throw hooks.signal.aborted ? error : interrupted(error, name);
  }
  const resumedAt = /^bytes (\d+)-/.exec(response.headers.get('content-range') ?? '')?.[1];
  if (response.status === 200 || (response.status === 206 && from > 0 && Number(resumedAt) === from)) return response;
  await response.body?.cancel();
  if (response.status === 416) await rm(partPathOf(plan.dest), { force: true });
  throw response.status === 206
    ? new AppFailure('endpoint_error', `The hub resumed ${name} at the wrong place; start the download again.`, {
        reason: 'bad_range',
        status: 206,
      })
    : hubStatusFailure(response.status, name, plan.url);
}

/**
 * Where the file must end: the hub's size, else the Content-Length (past a resumed part), else
 * nowhere announced. A compressed body's length counts the compressed bytes, so it says nothing.
 */
export function announcedEnd(totalBytes: number, start: number, headers: Headers): number | null {
  if (totalBytes > 0) return totalBytes;
  const length = headers.get('content-length');
  const encoding = headers.get('content-encoding');
  if (
    length === null ||
    !/^\d+$/.test(length.trim()) ||
    (encoding !== null && encoding.trim().toLowerCase() !== 'identity')
  )
    return null;
  return start + Number(length);
}

async function receiveBody(
  response: Response,
  part: string,
  start: number,
  hash: Hash,
  plan: DownloadPlan,
  hooks: DownloadHooks,
): Promise<number> {
  const name = basename(plan.dest);
  if (!response.body)
    throw new AppFailure('endpoint_error', `The hub answered without the bytes of ${name}; try again.`, {
      reason: 'empty_body',
    });
  const end = announcedEnd(plan.totalBytes, start, response.headers);
  const file = await open(part, start > 0 ? 'a' : 'w');
  let received = start;
  // The hub's size was checked against the free space before the first byte; no size, no such check.
  let nextRoomCheck = plan.totalBytes > 0 ? Infinity : start;
  const meter = new RateMeter(start, hooks.now());
  let failure: unknown = null;
  try {
    // Node's web streams are async iterable; the DOM-flavoured type does not say so.
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      if (end !== null && received + chunk.byteLength > end) throw tooLong(name, received + chunk.byteLength, end);
      if (received >= nextRoomCheck) {
        await assertRoomToGoOn(dirname(plan.dest), name, received, hooks.statfs);
        nextRoomCheck = received + ROOM_CHECK_BYTES;
      }
      hash.update(chunk);
      await file.write(chunk);
      received += chunk.byteLength;
      const now = hooks.now();
      if (meter.due(now)) hooks.report({ receivedBytes: received, ...meter.sample(received, plan.totalBytes, now) });
    }
    await file.sync();
  } catch (error) {
    failure =
      hooks.signal.aborted || error instanceof AppFailure ? error : interrupted(error, name, received, plan.totalBytes);
  } finally {
    await file.close();
  }
  if (failure === null) return received;
  // Neither can be resumed: more of a server that overruns is no use, and the room is what the user needs back.
  const reason = (failure as AppFailure).details?.reason;
  if (reason === 'too_long' || reason === 'disk_full') await rm(part, { force: true });
  throw failure;
}

function tooLong(name: string, arrived: number, end: number): AppFailure {
  return new AppFailure(
    'endpoint_error',
    `The hub sent more bytes for ${name} than it announced (${arrived} of ${end}); the download was stopped and the partial file deleted, try again.`,
    {
      reason: 'too_long',
      receivedBytes: arrived,
      totalBytes: end,
    },
  );
}

function interrupted(error: unknown, name: string, received = 0, total = 0): AppFailure {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  const reason = cause?.code ?? cause?.message ?? errorText(error);
  const where = total > 0 ? ` at ${formatBytes(received)} of ${formatBytes(total)}` : '';
  return new AppFailure(
    'endpoint_error',
    `The download of ${name} was cut off${where} (${reason}); start it again to resume from there.`,
    {
      reason: 'interrupted',
      cause: reason,
      receivedBytes: received,
    },
  );
}

async function hashFile(path: string, bytes: number, hash: Hash, signal: AbortSignal): Promise<void> {
  for await (const chunk of createReadStream(path, { start: 0, end: bytes - 1, signal })) hash.update(chunk as Buffer);
}

// A model dropped on the browser page: its bytes arrive as an HTTP body and go
// to `<name>.part` in the download folder, checked against the free space first
// and renamed only when every announced byte came. A cut-off upload leaves no
// `.gguf` behind (the part is deleted: a browser cannot resume it anyway).
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AppFailure } from '@shared/errors';
import { ifExists } from '../fs/if-exists';
import { assertDiskRoom, type StatFs } from './disk-space';
import { checkModelFileName } from '@shared/models/gguf-file-names';

export interface UploadInput {
  folder: string;
  name: string;
  body: Readable;
  lengthBytes: number;
  statfs: StatFs;
}

/** Stores the body as `<folder>/<name>`; throws an AppFailure (the part is gone) when it cannot. */
export async function receiveUpload(input: UploadInput): Promise<{ path: string }> {
  const { folder, name, body, lengthBytes } = input;
  const check = checkModelFileName(name);
  if (!check.ok) throw new AppFailure('bad_request', check.reason, { reason: 'bad_name', name });
  const dest = join(folder, name);
  const existing = await ifExists(stat(dest));
  // A different size is surely a different file; the same size is compared byte for byte once received.
  if (existing && existing.size !== lengthBytes) throw nameTaken(name, folder);
  await assertDiskRoom(folder, lengthBytes, name, input.statfs);
  const part = `${dest}.part`;
  let received = 0;
  const hash = createHash('sha256');
  try {
    await pipeline(
      body,
      async function* (chunks: AsyncIterable<Buffer>) {
        for await (const chunk of chunks) {
          received += chunk.length;
          if (received > lengthBytes)
            throw new AppFailure(
              'bad_request',
              `More bytes arrived for ${name} than announced; the upload was refused.`,
              { reason: 'too_long' },
            );
          hash.update(chunk);
          yield chunk;
        }
      },
      createWriteStream(part, { flags: 'w' }),
    );
    if (received !== lengthBytes) {
      throw new AppFailure(
        'bad_request',
        `The upload of ${name} was cut off at ${received} of ${lengthBytes} bytes; drop the file again.`,
        { reason: 'interrupted', receivedBytes: received },
      );
    }
    if (existing) {
      if ((await sha256Of(dest)) !== hash.digest('hex')) throw nameTaken(name, folder);
      await rm(part, { force: true });
      return { path: dest };
    }
    await rename(part, dest);
    return { path: dest };
  } catch (error) {
    await rm(part, { force: true });
    if (error instanceof AppFailure) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    // An errno is our disk's fault (ENOSPC, EACCES); anything else is the body ending early.
    if (typeof code === 'string' && code !== 'ECONNRESET' && code !== 'ERR_STREAM_PREMATURE_CLOSE') {
      throw new AppFailure(
        'internal',
        `EVA could not write ${name} into ${folder} (${code}); check the folder and the free space.`,
        { reason: 'write_failed', code, path: folder },
      );
    }
    throw new AppFailure(
      'bad_request',
      `The upload of ${name} was cut off at ${received} of ${lengthBytes} bytes; drop the file again.`,
      { reason: 'interrupted', receivedBytes: received },
    );
  }
}

function nameTaken(name: string, folder: string): AppFailure {
  return new AppFailure(
    'bad_request',
    `A different file named ${name} is already in ${folder}; rename one of them and drop it again.`,
    { reason: 'name_taken', name, path: join(folder, name) },
  );
}

async function sha256Of(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

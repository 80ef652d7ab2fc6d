import { mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { receiveUpload } from './receive-upload';

let folder: string;
const statfs = async () => ({ bavail: 1 << 30, bsize: 4096 });

beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), 'eva-upload-'));
});

afterEach(async () => {
  await rm(folder, { recursive: true, force: true });
});

const upload = (name: string, text: string) =>
  receiveUpload({ folder, name, body: Readable.from([Buffer.from(text)]), lengthBytes: text.length, statfs });

describe('receiveUpload', () => {
  it('stores a file whose name is free', async () => {
    expect(await upload('model.gguf', 'GGUF')).toEqual({ path: join(folder, 'model.gguf') });
  });

  it('refuses a name taken by a different file', async () => {
    await writeFile(join(folder, 'model.gguf'), 'other bytes');
    await expect(upload('model.gguf', 'GGUF')).rejects.toBeInstanceOf(Error);
  });

  // Root reads anything whatever its mode; a link to itself (ELOOP) is a failure root meets too.
  it('reports a name it cannot look at instead of reading it as free', async () => {
    await symlink(join(folder, 'loop.gguf'), join(folder, 'loop.gguf'));
    await expect(upload('loop.gguf', 'GGUF')).rejects.toMatchObject({ code: 'ELOOP' });
  });
});

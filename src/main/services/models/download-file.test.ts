// Downloads from servers that send more than they announced, or announce nothing,
// against a real local HTTP server and the real fetch: the download stops at the
// first byte too many, or before the disk fills, deletes its part and says why;
// the server sees its connection closed long before it has sent all it wanted to.
import { mkdir, mkdtemp, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createTcpServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DownloadState } from '@shared/models/model-library';
import { ROOM_CHECK_BYTES, ROOM_MARGIN_BYTES, type StatFs } from './disk-space';
import { announcedEnd, partSizeOf } from './download-file';
import { createDownloadManager } from './download-manager';
import { POUR_CHUNK as CHUNK, pour } from '@test-support/http/pour';

const MiB = 1 << 20;

/** What a server sent before its client went away. */
interface Sender {
  url: string;
  /** resolves with the bytes written once the connection is closed */
  sent: Promise<number>;
}

let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'eva-download-'));
});
afterAll(() => rm(root, { recursive: true, force: true }));

const servers: Server[] = [];
afterEach(async () => {
  // An idle keep-alive connection would hold close() for seconds.
  await Promise.all(
    servers
      .splice(0)
      .map(
        (server) =>
          new Promise((done) =>
            (server.close(done) as Server & { closeAllConnections?: () => void }).closeAllConnections?.(),
          ),
      ),
  );
});

async function listen(server: Server): Promise<string> {
  servers.push(server);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/model.gguf`;
}

/** An HTTP server that sends `max` bytes chunked, with no length. */
async function chunkedServer(max: number): Promise<Sender> {
  let sent!: Promise<number>;
  const server = createHttpServer((_request: IncomingMessage, response: ServerResponse) => {
    response.writeHead(200, { 'content-type': 'application/octet-stream' });
    sent = pour(response, max);
  });
  const url = await listen(server);
  return {
    url,
    get sent() {
      return sent;
    },
  };
}

/** A raw TCP server that announces `length` bytes and then sends `max`: node:http would not let it lie. */
async function lyingServer(length: number, max: number): Promise<Sender> {
  let sent!: Promise<number>;
  const server = createTcpServer((socket: Socket) => {
    socket.once('data', () => {
      socket.write(`HTTP/1.1 200 OK\r\nContent-Type: application/octet-stream\r\nContent-Length: ${length}\r\n\r\n`);
      sent = pour(socket, max);
    });
  });
  const url = await listen(server);
  return {
    url,
    get sent() {
      return sent;
    },
  };
}

const roomy: StatFs = async () => ({ bavail: 1e12, bsize: 1 });

async function download(
  url: string,
  totalBytes: number,
  statfs: StatFs = roomy,
): Promise<{ end: DownloadState; folder: string }> {
  const folder = await mkdtemp(join(root, 'case-'));
  const manager = createDownloadManager({ fetch, statfs, emit: () => {} });
  const started = await manager.start({
    repo: 'evil/repo',
    file: 'model.gguf',
    url,
    dest: join(folder, 'model.gguf'),
    totalBytes,
    sha256: null,
  });
  const end = await manager.settled(started.id);
  if (!end) throw new Error('the download went missing');
  return { end, folder };
}

describe('a server that sends more than it announced', () => {
  it('is stopped at the hub size, not after the whole body, and the part is deleted', async () => {
    const server = await chunkedServer(64 * MiB);
    const { end, folder } = await download(server.url, MiB);
    expect(end.phase).toBe('failed');
    expect(end.error).toMatchObject({ code: 'endpoint_error', details: { reason: 'too_long', totalBytes: MiB } });
    expect(end.error?.details?.receivedBytes).toBeLessThanOrEqual(MiB + CHUNK.length);
    expect(await readdir(folder)).toEqual([]);
    expect(await server.sent).toBeLessThan(16 * MiB);
  });

  it('gets no more than its Content-Length, when the hub gives no size', async () => {
    const server = await lyingServer(MiB, 64 * MiB);
    const { end, folder } = await download(server.url, 0);
    expect(end.phase).toBe('done');
    expect(end.receivedBytes).toBe(MiB);
    expect(await readdir(folder)).toEqual(['model.gguf']);
    expect(await server.sent).toBeLessThan(16 * MiB);
  });
});

describe('a server that announces no length', () => {
  it('is stopped before the disk fills, with the room it found, and the part is deleted', async () => {
    const server = await chunkedServer(64 * MiB);
    const nearlyFull: StatFs = async () => ({ bavail: ROOM_MARGIN_BYTES + MiB, bsize: 1 });
    const { end, folder } = await download(server.url, 0, nearlyFull);
    expect(end.phase).toBe('failed');
    expect(end.error).toMatchObject({
      code: 'bad_request',
      details: { reason: 'disk_full', freeBytes: ROOM_MARGIN_BYTES + MiB, path: folder },
    });
    expect(end.error?.message).toMatch(/disk is nearly full.*partial file was deleted/);
    expect(await readdir(folder)).toEqual([]);
    expect(await server.sent).toBeLessThan(16 * MiB);
  });

  it('looks at the free space again as the bytes arrive', async () => {
    const server = await chunkedServer(64 * MiB);
    let asked = 0;
    // Room for the start, then a disk that another program filled meanwhile.
    const filling: StatFs = async () => ({ bavail: asked++ < 2 ? 1e12 : ROOM_MARGIN_BYTES, bsize: 1 });
    const { end } = await download(server.url, 0, filling);
    expect(end.error?.details).toMatchObject({ reason: 'disk_full' });
    expect(end.error?.details?.receivedBytes).toBeGreaterThanOrEqual(ROOM_CHECK_BYTES);
    expect(end.error?.details?.receivedBytes).toBeLessThan(2 * ROOM_CHECK_BYTES);
  });

  it('downloads a body of unknown length while there is room', async () => {
    const server = await chunkedServer(3 * MiB);
    const { end, folder } = await download(server.url, 0);
    expect(end).toMatchObject({ phase: 'done', receivedBytes: 3 * MiB });
    expect(await readdir(folder)).toEqual(['model.gguf']);
  });
});

describe('announcedEnd', () => {
  it("takes the hub's size first, then the Content-Length past the part, never a compressed one", () => {
    expect(announcedEnd(500, 0, new Headers({ 'content-length': '900' }))).toBe(500);
    expect(announcedEnd(0, 100, new Headers({ 'content-length': '900' }))).toBe(1000);
    expect(announcedEnd(0, 0, new Headers({ 'content-length': '900', 'content-encoding': 'gzip' }))).toBeNull();
    expect(announcedEnd(0, 0, new Headers())).toBeNull();
  });
});

describe('partSizeOf', () => {
  it('is the size of a part an earlier attempt left, and 0 when there is none', async () => {
    const dir = join(root, 'parts');
    await mkdir(dir, { recursive: true });
    await writeFile(join(dir, 'a.gguf.part'), 'abc');
    expect(await partSizeOf(join(dir, 'a.gguf'))).toBe(3);
    expect(await partSizeOf(join(dir, 'none.gguf'))).toBe(0);
  });

  // Root reads anything whatever its mode; a link to itself (ELOOP) is a failure root meets too.
  it('reports a part it cannot look at instead of starting over as if there were none', async () => {
    const dir = join(root, 'looping-part');
    await mkdir(dir, { recursive: true });
    await symlink(join(dir, 'b.gguf.part'), join(dir, 'b.gguf.part'));
    await expect(partSizeOf(join(dir, 'b.gguf'))).rejects.toMatchObject({ code: 'ELOOP' });
  });
});

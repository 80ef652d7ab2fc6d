// Hostile inputs that reach the download surface: a local server that lies about the
// size of what it sends, downloaded by the real download manager over the real fetch.
import { readdir, stat } from 'node:fs/promises';
import { createServer as createHttpServer } from 'node:http';
import { createServer as createTcpServer, type AddressInfo, type Server } from 'node:net';
import { join } from 'node:path';
import { defaultStatfs, ROOM_MARGIN_BYTES, type StatFs } from '@main/services/models/disk-space';
import { createDownloadManager } from '@main/services/models/download-manager';
import type { HostileInput } from './hostile-input';
import { pour } from '@test-support/http/pour';

const MiB = 1 << 20;
/** A server that got this far was read to its end, not stopped. */
const STOPPED_EARLY_BYTES = 64 * MiB;

/**
 * Serves `max` bytes: over node:http, chunked with no length, or over a raw socket after
 * `rawHead` (the status line and headers), since node:http would not let them lie.
 */
async function withServer(rawHead: string | null, max: number, run: (url: string) => Promise<string>): Promise<string> {
  let sent: Promise<number> = Promise.resolve(0);
  const server: Server =
    rawHead === null
      ? createHttpServer((_request, response) => {
          response.writeHead(200, { 'content-type': 'application/octet-stream' });
          sent = pour(response, max);
        })
      : createTcpServer((socket) => {
          socket.once('data', () => {
            socket.write(rawHead);
            sent = pour(socket, max);
          });
        });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  try {
    const outcome = await run(`http://127.0.0.1:${(server.address() as AddressInfo).port}/model.gguf`);
    const bytes = await sent;
    return `${outcome}, the server was ${bytes < STOPPED_EARLY_BYTES ? 'stopped early' : `read for ${bytes / MiB} MB`}`;
  } finally {
    (server as Server & { closeAllConnections?: () => void }).closeAllConnections?.();
    server.close();
  }
}

/**
 * Downloads `url` into `dir` as the library would with `totalBytes` from the hub; says how it ended and what it left.
 */
async function download(dir: string, url: string, totalBytes: number, statfs: StatFs): Promise<string> {
  const manager = createDownloadManager({ fetch, statfs, emit: () => {} });
  const started = await manager.start({
    repo: 'evil/repo',
    file: 'model.gguf',
    url,
    dest: join(dir, 'model.gguf'),
    totalBytes,
    sha256: null,
  });
  const end = await manager.settled(started.id);
  const left = await readdir(dir);
  const kept = left.length === 0 ? 'nothing kept' : `kept ${left.join(', ')}`;
  return `${end?.phase}: ${String(end?.error?.details?.reason ?? end?.receivedBytes)}, ${kept}`;
}

export const downloadInputs: HostileInput[] = [
  {
    name: 'a server that sends 1 GB, no length, for a file the hub says is 1 MB',
    surface: 'download',
    probe: (dir) => withServer(null, 1024 * MiB, (url) => download(dir, url, MiB, defaultStatfs)),
    expect: /^failed: too_long, nothing kept, the server was stopped early$/,
  },
  {
    name: 'a server that announces 1 MB in its Content-Length and sends 1 GB, for a file of no known size',
    surface: 'download',
    probe: (dir) =>
      withServer(
        'HTTP/1.1 200 OK\r\nContent-Type: application/octet-stream\r\nContent-Length: 1048576\r\n\r\n',
        1024 * MiB,
        (url) => download(dir, url, 0, defaultStatfs),
      ),
    expect: /^done: 1048576, kept model\.gguf, the server was stopped early$/,
  },
  {
    name: 'a server that sends 1 GB with no length at all onto a disk with 560 MB free',
    surface: 'download',
    async probe(dir) {
      // A small disk: it fills as the part grows.
      const part = join(dir, 'model.gguf.part');
      const smallDisk: StatFs = async () => ({
        bavail: ROOM_MARGIN_BYTES + 48 * MiB - ((await stat(part).catch(() => null))?.size ?? 0),
        bsize: 1,
      });
      return withServer(null, 1024 * MiB, (url) => download(dir, url, 0, smallDisk));
    },
    expect: /^failed: disk_full, nothing kept, the server was stopped early$/,
  },
];

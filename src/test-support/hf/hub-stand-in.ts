// A LOCAL STAND-IN for the Hugging Face API, for tests only: the real hub is
// not reachable from CI. It speaks the three routes EVA uses, shaped as the hub
// answers them: `GET /api/models?search=…` (repositories), `GET
// /api/models/{repo}/tree/main?recursive=true` (files with lfs oid and size,
// paged with a Link header when `pageSize` is set), and `GET
// /{repo}/resolve/main/{file}`, a 302 to a CDN-like path that serves the bytes
// with Range support. Faults can be armed for a file's next transfer: cut the
// connection after N bytes, stall after N bytes, or flip a byte.
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface StandInRepo {
  id: string;
  downloads: number;
  likes: number;
  lastModified?: string;
  /** file path inside the repository → bytes */
  files: Record<string, Buffer>;
}

export type StandInFault =
  | { kind: 'cut'; afterBytes: number }
  | { kind: 'stall'; afterBytes: number }
  | { kind: 'corrupt' }
  | { kind: 'ignore-range' };

export interface RecordedRequest {
  method: string;
  path: string;
  range: string | null;
}

export interface HubStandIn {
  baseUrl: string;
  /** every request, in order */
  requests: RecordedRequest[];
  /** the sha256 the tree reports for a file */
  sha256(repo: string, file: string): string;
  /** arms a fault for the next CDN transfer of that file */
  fault(repo: string, file: string, fault: StandInFault): void;
  /** resolves once the transfer armed with the last 'stall' fault has sent its bytes */
  stalled(): Promise<void>;
  close(): Promise<void>;
}

export async function startHubStandIn(repos: StandInRepo[], options: { pageSize?: number } = {}): Promise<HubStandIn> {
  const byId = new Map(repos.map((repo) => [repo.id, repo]));
  const faults = new Map<string, StandInFault>();
  const requests: RecordedRequest[] = [];
  const sockets = new Set<Socket>();
  let announceStall: () => void = () => {};
  let stallSeen: Promise<void> = Promise.resolve();
  const hashOf = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
  let baseUrl = '';

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    requests.push({ method: req.method ?? '', path: url.pathname + url.search, range: req.headers.range ?? null });
    route(req, res, url);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  function json(res: ServerResponse, body: unknown, headers: Record<string, string> = {}): void {
    res.writeHead(200, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  }
  function notFound(res: ServerResponse): void {
    res.writeHead(404, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: 'Repository not found' }));
  }

  function route(req: IncomingMessage, res: ServerResponse, url: URL): void {
    const path = decodeURIComponent(url.pathname);
    if (path === '/api/models') {
      const query = (url.searchParams.get('search') ?? '').toLowerCase();
      const limit = Number(url.searchParams.get('limit') ?? 1000);
      const found = repos
        .filter((repo) => repo.id.toLowerCase().includes(query))
        .sort((a, b) => b.downloads - a.downloads);
      return json(
        res,
        found.slice(0, limit).map((repo) => ({
          _id: hashOf(Buffer.from(repo.id)).slice(0, 24),
          id: repo.id,
          modelId: repo.id,
          likes: repo.likes,
          downloads: repo.downloads,
          lastModified: repo.lastModified,
          tags: ['gguf'],
          private: false,
        })),
      );
    }
    const tree = /^\/api\/models\/([^/]+\/[^/]+)\/tree\/main$/.exec(path);
    if (tree) {
      const repo = byId.get(tree[1] ?? '');
      if (!repo) return notFound(res);
      const entries = treeOf(repo);
      const start = Number(url.searchParams.get('cursor') ?? 0);
      const size = options.pageSize ?? entries.length;
      const next =
        start + size < entries.length
          ? `<${baseUrl}/api/models/${repo.id}/tree/main?recursive=true&cursor=${start + size}>; rel="next"`
          : null;
      return json(res, entries.slice(start, start + size), next ? { link: next } : {});
    }
    const resolve = /^\/([^/]+\/[^/]+)\/resolve\/main\/(.+)$/.exec(path);
    if (resolve) {
      const repo = byId.get(resolve[1] ?? '');
      if (!repo || !repo.files[resolve[2] ?? '']) return notFound(res);
      // The hub sends file downloads to its CDN on another path (and, there, another host).
      res.writeHead(302, {
        location: `${baseUrl}/cdn/${encodeURIComponent(repo.id)}/${encodeURIComponent(resolve[2] ?? '')}?expires=9999`,
      });
      return void res.end();
    }
    const cdn = /^\/cdn\/([^/]+)\/([^/]+)$/.exec(url.pathname);
    if (cdn) {
      const id = decodeURIComponent(cdn[1] ?? '');
      const file = decodeURIComponent(cdn[2] ?? '');
      const bytes = byId.get(id)?.files[file];
      if (!bytes) return notFound(res);
      return serveBytes(req, res, bytes, `${id}/${file}`);
    }
    notFound(res);
  }

  function treeOf(repo: StandInRepo): unknown[] {
    const folders = new Set<string>();
    const entries: unknown[] = [{ type: 'file', oid: 'a'.repeat(40), size: 42, path: 'README.md' }];
    for (const [path, bytes] of Object.entries(repo.files)) {
      const parts = path.split('/');
      for (let i = 1; i < parts.length; i++) folders.add(parts.slice(0, i).join('/'));
      entries.push({
        type: 'file',
        oid: hashOf(bytes).slice(0, 40),
        size: bytes.length,
        path,
        lfs: { oid: hashOf(bytes), size: bytes.length, pointerSize: 135 },
      });
    }
    for (const folder of folders) entries.push({ type: 'directory', oid: 'b'.repeat(40), size: 0, path: folder });
    return entries;
  }

  function serveBytes(req: IncomingMessage, res: ServerResponse, original: Buffer, key: string): void {
    const fault = faults.get(key);
    faults.delete(key);
    let bytes = original;
    if (fault?.kind === 'corrupt') {
      bytes = Buffer.from(original);
      const at = Math.floor(bytes.length / 2);
      bytes[at] = (bytes[at] ?? 0) ^ 0xff;
    }
    const range = /^bytes=(\d+)-$/.exec(req.headers.range ?? '');
    const start = range && fault?.kind !== 'ignore-range' ? Number(range[1]) : 0;
    if (start >= bytes.length && bytes.length > 0) {
      res.writeHead(416, { 'content-range': `bytes */${bytes.length}` });
      return void res.end();
    }
    const body = bytes.subarray(start);
    res.writeHead(start > 0 ? 206 : 200, {
      'content-type': 'application/octet-stream',
      'content-length': String(body.length),
      'accept-ranges': 'bytes',
      ...(start > 0 ? { 'content-range': `bytes ${start}-${bytes.length - 1}/${bytes.length}` } : {}),
    });
    if (fault?.kind === 'cut') {
      // Flushed first, so the client really holds the bytes before the connection dies.
      res.write(body.subarray(0, fault.afterBytes), () => setTimeout(() => res.socket?.destroy(), 50));
      return;
    }
    if (fault?.kind === 'stall') {
      res.write(body.subarray(0, fault.afterBytes), () => announceStall());
      return;
    }
    res.end(body);
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    baseUrl,
    requests,
    sha256: (repo, file) => hashOf(byId.get(repo)?.files[file] ?? Buffer.alloc(0)),
    fault(repo, file, fault) {
      faults.set(`${repo}/${file}`, fault);
      if (fault.kind === 'stall') stallSeen = new Promise<void>((resolve) => (announceStall = resolve));
    },
    stalled: () => stallSeen,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

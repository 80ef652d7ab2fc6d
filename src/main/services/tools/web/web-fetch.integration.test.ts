// web_fetch against real local HTTP servers. Loopback is what the guard refuses,
// so each test names the one server it may reach on the allow-list
// (`127.0.0.1:<port>`): everything else on this machine — the second, hidden
// server, `localhost`, a name that resolves here — must stay out of reach, and
// the hidden server records every request so a test can show none arrived.
import { once } from 'node:events';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePdf } from '@test-support/knowledge/document-fixtures';
import { pour } from '@test-support/http/pour';
import { makeTestRunner } from '@test-support/tools/test-runner';
import { webFetch, type WebFetchOptions } from './web-fetch';
import type { ResolvedAddress } from './url-guard';

type Route = (req: IncomingMessage, res: ServerResponse) => void;

interface PageServer {
  server: Server;
  port: number;
  /** paths requested, in order */
  seen: string[];
  hosts: string[];
}

async function startServer(routes: Record<string, Route>): Promise<PageServer> {
  const seen: string[] = [];
  const hosts: string[] = [];
  const server = createServer((req, res) => {
    seen.push(req.url ?? '');
    hosts.push(req.headers.host ?? '');
    const route = routes[(req.url ?? '').split('?')[0] ?? ''];
    if (route) route(req, res);
    else res.writeHead(404, { 'content-type': 'text/plain' }).end('no such page');
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { server, port: (server.address() as AddressInfo).port, seen, hosts };
}

async function stop(page: PageServer): Promise<void> {
  page.server.closeAllConnections();
  page.server.close();
  await once(page.server, 'close');
}

const send = (type: string, body: string | Buffer, headers: Record<string, string> = {}): Route => {
  return (_req, res) => res.writeHead(200, { 'content-type': type, ...headers }).end(body);
};
const redirect = (location: () => string, status = 302): Route => {
  return (_req, res) => res.writeHead(status, { location: location() }).end();
};

const HTML = `<!doctype html><html><head><title>Docs</title><script>var token = "s3cret"</script></head>
<body><h1>Welcome</h1><p>Start with <a href="/guide/intro">the intro</a> or read
<a href="https://example.org/spec">the spec</a>.</p></body></html>`;

let site: PageServer;
let hidden: PageServer;
let tmp: string;
let pdf: Buffer;

beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'eva-web-fetch-'));
  await makePdf(join(tmp, 'doc.pdf'), ['First page of the report', 'Second page: the figures']);
  pdf = await readFile(join(tmp, 'doc.pdf'));
  hidden = await startServer({ '/secret': send('text/plain', 'the hidden page') });
  const hops: Record<string, Route> = {};
  for (let n = 1; n <= 6; n++) hops[`/hop/${n}`] = redirect(() => (n === 1 ? '/page.html' : `/hop/${n - 1}`));
  site = await startServer({
    '/page.html': send('text/html; charset=utf-8', HTML),
    '/data.json': send('application/json', '{"name":"eva","tools":["web_fetch"],"ok":true}'),
    '/doc.pdf': send('application/pdf', pdf),
    '/image.png': send('image/png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
    '/big.txt': (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      void pour(res, 3 * 1024 * 1024);
    },
    '/bomb.txt': send('text/plain', gzipSync(Buffer.alloc(20 * 1024 * 1024, 0x61)), { 'content-encoding': 'gzip' }),
    '/stall': (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.write('the first bytes, and then nothing more');
    },
    ...hops,
    '/to-metadata': redirect(() => 'http://169.254.169.254/latest/meta-data/iam/'),
    '/to-hidden': redirect(() => `http://127.0.0.1:${hidden.port}/secret`),
    '/to-localhost': redirect(() => `http://localhost:${site.port}/page.html`, 307),
    '/to-file': redirect(() => 'file:///etc/passwd'),
  });
});

afterAll(async () => {
  await Promise.all([stop(site), stop(hidden)]);
  await rm(tmp, { recursive: true, force: true });
});

/** A resolver that must not be asked: every name in these tests is either a literal or given its own. */
const noDns = (name: string): Promise<ResolvedAddress[]> => Promise.reject(new Error(`unexpected lookup of ${name}`));

const fetchSite = (path: string, options: Partial<WebFetchOptions> = {}) =>
  webFetch(`http://127.0.0.1:${site.port}${path}`, {
    allowHosts: [`127.0.0.1:${site.port}`],
    resolve: noDns,
    ...options,
  });

describe('web_fetch reads what a server sends', () => {
  it('turns HTML into text with its links, and states the URL, status, type and time', async () => {
    const result = await fetchSite('/page.html');
    expect(result.status).toBe('ok');
    const base = `http://127.0.0.1:${site.port}`;
    expect(result.output).toMatch(
      new RegExp(
        `^URL: ${base}/page\\.html\\nStatus: 200 OK\\nContent type: text/html; charset=utf-8\\nFetched in \\d+ ms, \\d+ bytes\\n\\n`,
      ),
    );
    expect(result.output).toContain('Welcome');
    expect(result.output).toContain(`the intro [${base}/guide/intro]`);
    expect(result.output).toContain('the spec [https://example.org/spec]');
    expect(result.output).not.toContain('s3cret');
    expect(result.details).toMatchObject({ httpStatus: 200, kind: 'html', redirects: 0, truncated: false });
  });

  it('pretty-prints JSON', async () => {
    const result = await fetchSite('/data.json');
    expect(result.output).toContain('\n\n{\n  "name": "eva",\n  "tools": [\n    "web_fetch"\n  ],\n  "ok": true\n}');
  });

  it('reads a PDF page by page with the knowledge base’s reader', async () => {
    const result = await fetchSite('/doc.pdf');
    expect(result).toMatchObject({ status: 'ok', details: { kind: 'pdf' } });
    expect(result.output).toContain('--- page 1 ---\nFirst page of the report');
    expect(result.output).toContain('--- page 2 ---\nSecond page: the figures');
  });

  it('refuses a type it does not read', async () => {
    expect(await fetchSite('/image.png')).toMatchObject({
      status: 'error',
      error: { code: 'unsupported_content', message: expect.stringContaining('is image/png; web_fetch reads only') },
    });
  });

  it('stops reading at the byte cap, also when a small gzip body inflates past it', async () => {
    const big = await fetchSite('/big.txt', { limits: { maxBytes: 1024 * 1024 } });
    expect(big).toMatchObject({ status: 'ok', details: { bytes: 1024 * 1024, truncated: true } });
    expect(big.output).toContain('Note: the body was cut at 1048576 bytes; the rest was not read');
    expect(big.output).toMatch(/Note: the text is cut at \d+ of its 1048576 characters/);
    const bomb = await fetchSite('/bomb.txt', { limits: { maxBytes: 1024 * 1024 } });
    expect(bomb).toMatchObject({ status: 'ok', details: { bytes: 1024 * 1024, truncated: true } });
  });

  it('gives up at the time cap when the server stops sending', async () => {
    const result = await fetchSite('/stall', { limits: { timeoutMs: 300 } });
    expect(result).toMatchObject({
      status: 'timeout',
      error: { code: 'timeout', message: expect.stringContaining('/stall did not finish within 0.3 s') },
    });
  });

  it('follows five redirects and refuses the sixth', async () => {
    const five = await fetchSite('/hop/5');
    expect(five).toMatchObject({
      status: 'ok',
      details: { redirects: 5, finalUrl: expect.stringMatching(/page\.html$/) },
    });
    expect(five.output).toMatch(/\nRedirected 5 times, from http:\/\/127\.0\.0\.1:\d+\/hop\/5\n/);
    expect(await fetchSite('/hop/6')).toMatchObject({
      status: 'error',
      error: { code: 'fetch_failed', message: expect.stringMatching(/redirects again after 5 redirects/) },
    });
  });
});

describe('web_fetch keeps the model away from this computer and its network', () => {
  it('refuses loopback when it is not on the allow-list, with the rule in the reason', async () => {
    const result = await fetchSite('/page.html', { allowHosts: [] });
    expect(result).toMatchObject({
      status: 'error',
      error: { code: 'blocked_address', details: { rule: 'loopback' } },
    });
    expect(result.error?.message).toMatch(/was refused: 127\.0\.0\.1 is a loopback address \(127\.0\.0\.0\/8\)/);
    expect(result.error?.message).toContain('allow-list in the Tools panel');
  });

  it('refuses a redirect to the cloud metadata address at the redirect', async () => {
    const result = await fetchSite('/to-metadata');
    expect(result).toMatchObject({
      status: 'error',
      error: { code: 'blocked_address', details: { rule: 'metadata' } },
    });
    expect(result.error?.message).toMatch(
      /^the redirect to http:\/\/169\.254\.169\.254\/latest\/meta-data\/iam\/ was refused: 169\.254\.169\.254 is the cloud metadata address/,
    );
  });

  it('the hidden page: a loopback port off the allow-list is never reached, directly or by redirect', async () => {
    const before = hidden.seen.length;
    const direct = await webFetch(`http://127.0.0.1:${hidden.port}/secret`, {
      allowHosts: [`127.0.0.1:${site.port}`],
      resolve: noDns,
    });
    expect(direct).toMatchObject({
      status: 'error',
      error: { code: 'blocked_address', details: { rule: 'loopback' } },
    });
    const redirected = await fetchSite('/to-hidden');
    expect(redirected).toMatchObject({ status: 'error', error: { code: 'blocked_address' } });
    expect(redirected.error?.message).toContain(`the redirect to http://127.0.0.1:${hidden.port}/secret was refused`);
    expect(redirected.output).not.toContain('hidden page');
    expect(hidden.seen.length).toBe(before);
  });

  it('refuses a redirect to localhost and to a file URL', async () => {
    const local = await fetchSite('/to-localhost');
    expect(local).toMatchObject({
      status: 'error',
      error: { code: 'blocked_address', details: { rule: 'localhost' } },
    });
    const file = await fetchSite('/to-file');
    expect(file.error?.message).toMatch(/redirects to a URL that is not fetched: only http and https URLs/);
  });

  it('refuses a name that resolves to loopback, and connects only to the address it checked', async () => {
    const before = site.seen.length;
    const rebind = async (): Promise<ResolvedAddress[]> => [{ address: '127.0.0.1', family: 4 }];
    const refused = await webFetch(`http://rebind.example:${site.port}/page.html`, { allowHosts: [], resolve: rebind });
    expect(refused).toMatchObject({
      status: 'error',
      error: { code: 'blocked_address', details: { rule: 'loopback' } },
    });
    expect(refused.error?.message).toContain('rebind.example resolves to 127.0.0.1, which is a loopback address');
    expect(site.seen.length).toBe(before);
    // Allowed by name, the request goes to the resolver's checked address: no real DNS knows this name.
    const pinned = await webFetch(`http://pinned.example:${site.port}/page.html`, {
      allowHosts: [`pinned.example:${site.port}`],
      resolve: rebind,
    });
    expect(pinned.status).toBe('ok');
    expect(site.hosts.at(-1)).toBe(`pinned.example:${site.port}`);
  });
});

describe('web_fetch in a tool worker', () => {
  it('gets the allow-list from the runner with each call', async () => {
    let allowHosts: string[] = [];
    const runner = makeTestRunner(undefined, { webAllowHosts: () => allowHosts });
    try {
      const url = `http://127.0.0.1:${site.port}/data.json`;
      const refused = await runner.run({ tool: 'web_fetch', args: { url }, workspaceDir: tmp });
      expect(refused).toMatchObject({ status: 'error', error: { code: 'blocked_address' } });
      allowHosts = [`127.0.0.1:${site.port}`];
      const fetched = await runner.run({ tool: 'web_fetch', args: { url }, workspaceDir: tmp });
      expect(fetched).toMatchObject({ status: 'ok', details: { kind: 'json', httpStatus: 200 } });
    } finally {
      await runner.dispose();
    }
  });
});

import { mkdtemp, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createCore, type Core } from '../core';
import { seededRandom } from '@test-support/seeded-random';
import { startBrowserHost, type BrowserHost } from './browser-host';
import { PREVIEW_FRAME_FILE, PREVIEW_FRAME_POLICY } from '@shared/previews/preview-policy';

let core: Core;
let host: BrowserHost;

beforeAll(async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'eva-host-'));
  const rendererDir = await mkdtemp(join(tmpdir(), 'eva-renderer-'));
  await writeFile(join(rendererDir, 'index.html'), '<!doctype html><title>EVA</title>');
  await writeFile(join(rendererDir, 'app.js'), 'console.log(1)');
  await writeFile(join(rendererDir, PREVIEW_FRAME_FILE), '<!doctype html><title>frame</title>');
  core = await createCore({
    host: 'browser',
    version: '0.0.0',
    dataDir,
    binDirs: [join(dataDir, 'no-bin')],
    systemLanguage: 'en',
  });
  host = await startBrowserHost({ handlers: core.handlers, events: core.events, rendererDir, port: 0 });
});

afterAll(async () => {
  await host.close();
  await core.dispose();
});

function get(
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string; headers: Record<string, string | string[] | undefined> }> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port: host.port, path, headers: { host: `127.0.0.1:${host.port}`, ...headers } },
      (res) => {
        let body = '';
        res.on('data', (chunk) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

function connect(
  path: string,
  headers: Record<string, string>,
): Promise<{ ws: WebSocket | null; status: number | null }> {
  return new Promise((resolve) => {
    const ws = new WebSocket(`ws://127.0.0.1:${host.port}${path}`, { headers });
    ws.once('open', () => resolve({ ws, status: null }));
    ws.once('unexpected-response', (_req, res) => resolve({ ws: null, status: res.statusCode ?? null }));
    ws.once('error', () => resolve({ ws: null, status: -1 }));
  });
}

const origin = () => `http://127.0.0.1:${host.port}`;

describe('browser host HTTP', () => {
  it('serves the page and its assets, which hold no secret, and never puts the token in a cookie', async () => {
    // Cookies are not scoped by port: a token cookie would go to any server on 127.0.0.1.
    const page = await get(`/?token=${host.token}`);
    expect(page.status).toBe(200);
    expect(page.body).toContain('<title>EVA</title>');
    expect(page.headers['set-cookie']).toBeUndefined();
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect((await get('/app.js')).status).toBe(200);
    expect((await get('/')).status).toBe(200);
  });

  it('lets only the preview frame be framed, by its own pages, sandboxed by its policy wherever it is opened', async () => {
    const frame = await get(`/${PREVIEW_FRAME_FILE}`);
    expect(frame.status).toBe(200);
    expect(frame.headers['content-security-policy']).toBe(`${PREVIEW_FRAME_POLICY}; frame-ancestors 'self'`);
    expect(frame.headers['x-frame-options']).toBeUndefined();
    expect(frame.headers['referrer-policy']).toBe('no-referrer');
    for (const path of ['/', '/app.js', `/${PREVIEW_FRAME_FILE}/`, `/x/../${PREVIEW_FRAME_FILE}x`]) {
      const other = await get(path);
      expect(other.headers['x-frame-options']).toBe('DENY');
      expect(other.headers['content-security-policy']).toBeUndefined();
    }
  });

  it("says whether a token is this run's (so a page with an old address can explain itself), and nothing more", async () => {
    const valid = await get(`/session?token=${host.token}`);
    expect(valid.status).toBe(204);
    expect(valid.body).toBe('');
    for (const query of ['', '?token=', '?token=old-run-token', `?token=${host.token}x`])
      expect((await get(`/session${query}`)).status, query).toBe(403);
    // A foreign page cannot use it to test guesses.
    expect((await get(`/session?token=${host.token}`, { origin: 'http://evil.example' })).status).toBe(403);
  });

  it('refuses a foreign Host header (DNS rebinding) even with the token', async () => {
    expect((await get(`/?token=${host.token}`, { host: `evil.example:${host.port}` })).status).toBe(403);
  });

  it('refuses a foreign Origin even with the token', async () => {
    expect((await get(`/?token=${host.token}`, { origin: 'http://evil.example' })).status).toBe(403);
  });

  it('does not serve files outside the renderer dir', async () => {
    expect((await get('/../../etc/passwd')).status).toBe(404);
    expect((await get('/%2e%2e/%2e%2e/etc/passwd')).status).toBe(404);
  });
});

describe('browser host WebSocket', () => {
  it('refuses no token, a wrong token, a foreign Origin and a missing Origin', async () => {
    expect((await connect('/ws', { origin: origin() })).status).toBe(403);
    expect((await connect('/ws?token=nope', { origin: origin() })).status).toBe(403);
    expect((await connect(`/ws?token=${host.token}`, { origin: 'http://evil.example' })).status).toBe(403);
    expect((await connect(`/ws?token=${host.token}`, {})).status).toBe(403);
  });

  it('a cookie holding the token does not open the WebSocket: only its URL does', async () => {
    expect((await connect('/ws', { origin: origin(), cookie: `eva_token=${host.token}` })).status).toBe(403);
    const { ws } = await connect(`/ws?token=${host.token}`, { origin: origin() });
    expect(ws).not.toBeNull();
    ws?.close();
  });

  it('answers invokes, and answers bad frames with errors instead of crashing', async () => {
    const { ws } = await connect(`/ws?token=${host.token}`, { origin: origin() });
    expect(ws).not.toBeNull();
    const socket = ws as WebSocket;
    const replies = new Map<number, unknown>();
    socket.on('message', (data) => {
      const frame = JSON.parse(data.toString()) as { type: string; id: number; result: unknown };
      if (frame.type === 'result') replies.set(frame.id, frame.result);
    });
    const ask = async (frame: unknown, id: number) => {
      socket.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
      for (let i = 0; i < 200 && !replies.has(id); i++) await new Promise((r) => setTimeout(r, 10));
      return replies.get(id);
    };
    expect(await ask({ type: 'invoke', id: 1, channel: 'app:info' }, 1)).toMatchObject({
      ok: true,
      value: { host: 'browser', version: '0.0.0' },
    });
    expect(await ask({ type: 'invoke', id: 2, channel: 'nope:nope' }, 2)).toMatchObject({
      ok: false,
      error: { code: 'unknown_channel' },
    });
    expect(await ask({ type: 'invoke', id: 3, channel: 'backend:inspect', input: { modelPath: 42 } }, 3)).toMatchObject(
      { ok: false, error: { code: 'bad_request' } },
    );
    expect(await ask({ type: 'invoke', id: 4, channel: 42 }, 4)).toMatchObject({
      ok: false,
      error: { code: 'bad_request' },
    });
    await ask('{not json', -1);
    // A binary frame that names its request is answered, and the connection stays up.
    socket.send(Buffer.from(JSON.stringify({ type: 'invoke', id: 7, channel: 'app:info' })), { binary: true });
    for (let i = 0; i < 200 && !replies.has(7); i++) await new Promise((r) => setTimeout(r, 10));
    expect(replies.get(7)).toEqual({
      ok: false,
      error: { code: 'bad_request', message: 'binary frames are not accepted; send JSON text' },
    });
    // Still alive after garbage:
    expect(await ask({ type: 'invoke', id: 5, channel: 'backend:status' }, 5)).toMatchObject({
      ok: true,
      value: { state: 'stopped' },
    });
    expect(
      await ask({ type: 'invoke', id: 6, channel: 'backend:load', input: { modelPath: '/nope.gguf' } }, 6),
    ).toMatchObject({ ok: false, error: { code: 'bad_request' } });
    socket.close();
  });

  it('closes with 1003 on a binary frame that names no request', async () => {
    for (const bytes of [Buffer.from([0xff, 0x00]), Buffer.from('{"type":"invoke","channel":"app:info"}')]) {
      const socket = (await connect(`/ws?token=${host.token}`, { origin: origin() })).ws as WebSocket;
      const closed = new Promise<{ code: number; reason: string }>((resolve) =>
        socket.once('close', (code, reason) => resolve({ code, reason: reason.toString() })),
      );
      socket.send(bytes, { binary: true });
      expect(await closed).toEqual({ code: 1003, reason: 'binary frames are not accepted; send JSON text' });
    }
  });

  it('pushes core events to connected clients', async () => {
    const { ws } = await connect(`/ws?token=${host.token}`, { origin: origin() });
    const socket = ws as WebSocket;
    const events: unknown[] = [];
    socket.on('message', (data) => events.push(JSON.parse(data.toString())));
    core.events.emit('app:notice', { level: 'info', code: 'test', message: 'hello' });
    for (let i = 0; i < 100 && events.length === 0; i++) await new Promise((r) => setTimeout(r, 10));
    expect(events).toEqual([
      { type: 'event', event: 'app:notice', payload: { level: 'info', code: 'test', message: 'hello' } },
    ]);
    socket.close();
  });
});

describe('browser host under malformed requests (fuzz)', () => {
  /** One raw request over TCP; resolves with the status line (or '' when the host just closed). */
  function raw(bytes: string | Buffer): Promise<string> {
    return new Promise((resolve) => {
      const socket = createConnection({ host: '127.0.0.1', port: host.port });
      let reply = '';
      socket.on('data', (chunk) => (reply += chunk.toString('latin1')));
      socket.on('error', () => resolve(reply.split('\r\n')[0] ?? ''));
      socket.on('close', () => resolve(reply.split('\r\n')[0] ?? ''));
      socket.write(bytes);
      socket.end();
      setTimeout(() => socket.destroy(), 2_000);
    });
  }
  const hostHeader = () => `Host: 127.0.0.1:${host.port}\r\n`;
  const ws = (target: string) =>
    `GET ${target} HTTP/1.1\r\n${hostHeader()}Origin: ${origin()}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n`;

  it('answers 400 to request targets that are not URLs, over HTTP and WebSocket, and stays up', async () => {
    // Each of these threw in URL parsing before any check, and the process exited.
    for (const target of ['//[', '//[::1', 'http://[', '//%', '//a:b@[x]', '//:99999', `//${'['.repeat(1000)}`]) {
      expect(await raw(`GET ${target} HTTP/1.1\r\n${hostHeader()}\r\n`)).toMatch(/^HTTP\/1\.1 (400|403|404)/);
      expect(await raw(ws(target))).toMatch(/^HTTP\/1\.1 (400|403)/);
    }
    expect((await get('/')).status).toBe(200);
  });

  it('survives a generated corpus of broken request lines and headers', async () => {
    const random = seededRandom(12);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
    const pieces = [
      '//[',
      '%',
      '%zz',
      '\u0000',
      '\u00ff',
      ' ',
      '\t',
      '?',
      '#',
      '..',
      '/ws',
      '@',
      ':',
      '\\',
      '[',
      ']',
      'ä',
      '\r',
      '\n',
    ];
    for (let i = 0; i < 150; i++) {
      const target = `/${Array.from({ length: 1 + Math.floor(random() * 8) }, () => pick(pieces)).join('')}`;
      const method = pick(['GET', 'HEAD', 'POST', 'G\u0000T', 'PRI', '']);
      const headers = pick([
        hostHeader(),
        '',
        `Host: [${pick(pieces)}\r\n`,
        `${hostHeader()}Origin: ${pick(pieces)}\r\n`,
        `${hostHeader()}Upgrade: websocket\r\nConnection: Upgrade\r\n`,
        `${hostHeader()}Content-Length: -1\r\n`,
        `${hostHeader()}X: ${'a'.repeat(20_000)}\r\n`,
      ]);
      await raw(Buffer.from(`${method} ${target} HTTP/1.1\r\n${headers}\r\n`, 'latin1'));
    }
    expect((await get('/')).status).toBe(200);
    const { ws: socket } = await connect(`/ws?token=${host.token}`, { origin: origin() });
    expect(socket).not.toBeNull();
    socket?.close();
  });
});

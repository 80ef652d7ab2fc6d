import { mkdtemp, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createCore, type Core } from '../core';
import { startBrowserHost, type BrowserHost } from './browser-host';

let core: Core;
let host: BrowserHost;

beforeAll(async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'eva-host-'));
  const rendererDir = await mkdtemp(join(tmpdir(), 'eva-renderer-'));
  await writeFile(join(rendererDir, 'index.html'), '<!doctype html><title>EVA</title>');
  await writeFile(join(rendererDir, 'app.js'), 'console.log(1)');
  core = await createCore({ host: 'browser', version: '0.0.0', dataDir, binDirs: [join(dataDir, 'no-bin')], systemLanguage: 'en' });
  host = await startBrowserHost({ handlers: core.handlers, events: core.events, rendererDir, port: 0 });
});

afterAll(async () => {
  await host.close();
  await core.dispose();
});

function get(path: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string; headers: Record<string, string | string[] | undefined> }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: host.port, path, headers: { host: `127.0.0.1:${host.port}`, ...headers } }, (res) => {
      let body = '';
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
    });
    req.on('error', reject);
    req.end();
  });
}

function connect(path: string, headers: Record<string, string>): Promise<{ ws: WebSocket | null; status: number | null }> {
  return new Promise((resolve) => {
    const ws = new WebSocket(`ws://127.0.0.1:${host.port}${path}`, { headers });
    ws.once('open', () => resolve({ ws, status: null }));
    ws.once('unexpected-response', (_req, res) => resolve({ ws: null, status: res.statusCode ?? null }));
    ws.once('error', () => resolve({ ws: null, status: -1 }));
  });
}

const origin = () => `http://127.0.0.1:${host.port}`;

describe('browser host HTTP', () => {
  it('refuses the page without the token, or with a wrong one', async () => {
    expect((await get('/')).status).toBe(403);
    expect((await get('/?token=wrong')).status).toBe(403);
    expect((await get(`/?token=${host.token}x`)).status).toBe(403);
  });

  it('serves the page with the token and sets a strict cookie for its assets', async () => {
    const page = await get(`/?token=${host.token}`);
    expect(page.status).toBe(200);
    expect(page.body).toContain('<title>EVA</title>');
    const cookie = String(page.headers['set-cookie']);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Strict');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect((await get('/app.js')).status).toBe(403);
    expect((await get('/app.js', { cookie: `eva_token=${host.token}` })).status).toBe(200);
  });

  it('refuses a foreign Host header (DNS rebinding) even with the token', async () => {
    expect((await get(`/?token=${host.token}`, { host: `evil.example:${host.port}` })).status).toBe(403);
  });

  it('refuses a foreign Origin even with the token', async () => {
    expect((await get(`/?token=${host.token}`, { origin: 'http://evil.example' })).status).toBe(403);
  });

  it('does not serve files outside the renderer dir', async () => {
    const cookie = `eva_token=${host.token}`;
    expect((await get('/../../etc/passwd', { cookie })).status).toBe(404);
    expect((await get('/%2e%2e/%2e%2e/etc/passwd', { cookie })).status).toBe(404);
  });
});

describe('browser host WebSocket', () => {
  it('refuses no token, a wrong token, a foreign Origin and a missing Origin', async () => {
    expect((await connect('/ws', { origin: origin() })).status).toBe(403);
    expect((await connect('/ws?token=nope', { origin: origin() })).status).toBe(403);
    expect((await connect(`/ws?token=${host.token}`, { origin: 'http://evil.example' })).status).toBe(403);
    expect((await connect(`/ws?token=${host.token}`, {})).status).toBe(403);
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
    expect(await ask({ type: 'invoke', id: 1, channel: 'app:info' }, 1)).toMatchObject({ ok: true, value: { host: 'browser', version: '0.0.0' } });
    expect(await ask({ type: 'invoke', id: 2, channel: 'nope:nope' }, 2)).toMatchObject({ ok: false, error: { code: 'unknown_channel' } });
    expect(await ask({ type: 'invoke', id: 3, channel: 'backend:inspect', input: { modelPath: 42 } }, 3)).toMatchObject({ ok: false, error: { code: 'bad_request' } });
    expect(await ask({ type: 'invoke', id: 4, channel: 42 }, 4)).toMatchObject({ ok: false, error: { code: 'bad_request' } });
    await ask('{not json', -1);
    socket.send(Buffer.from([0xff, 0x00]), { binary: true });
    // Still alive after garbage:
    expect(await ask({ type: 'invoke', id: 5, channel: 'backend:status' }, 5)).toMatchObject({ ok: true, value: { state: 'stopped' } });
    expect(await ask({ type: 'invoke', id: 6, channel: 'backend:load', input: { modelPath: '/nope.gguf' } }, 6)).toMatchObject({ ok: false, error: { code: 'bad_request' } });
    socket.close();
  });

  it('pushes core events to connected clients', async () => {
    const { ws } = await connect(`/ws?token=${host.token}`, { origin: origin() });
    const socket = ws as WebSocket;
    const events: unknown[] = [];
    socket.on('message', (data) => events.push(JSON.parse(data.toString())));
    core.events.emit('app:notice', { level: 'info', code: 'test', message: 'hello' });
    for (let i = 0; i < 100 && events.length === 0; i++) await new Promise((r) => setTimeout(r, 10));
    expect(events).toEqual([{ type: 'event', event: 'app:notice', payload: { level: 'info', code: 'test', message: 'hello' } }]);
    socket.close();
  });
});

// The browser host: the same renderer and the same core as the Electron app,
// carried over HTTP + one WebSocket on 127.0.0.1 with a per-launch token.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import type { InvokeHandlers } from '../../shared/contract';
import { parseClientFrame, WS_PATH, type ServerFrame } from '../../shared/ws-protocol';
import type { EventBus } from '../services/app/event-bus';
import { dispatchInvoke } from '../services/ipc/dispatch';
import { checkRequest, TOKEN_COOKIE } from './request-guard';
import { readStaticFile } from './static-files';

export interface BrowserHostOptions {
  handlers: InvokeHandlers;
  events: EventBus;
  rendererDir: string;
  /** 0 picks a free port */
  port: number;
  token?: string;
}

export interface BrowserHost {
  url: string;
  port: number;
  token: string;
  close(): Promise<void>;
}

// Images and audio will travel as data URLs; keep a ceiling well above that.
const MAX_FRAME_BYTES = 64 * 1024 * 1024;

const SECURITY_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  // The token is in the page URL: never leak it through Referer.
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
};

export async function startBrowserHost(options: BrowserHostOptions): Promise<BrowserHost> {
  const token = options.token ?? randomBytes(24).toString('base64url');
  let port = options.port;
  const clients = new Set<WebSocket>();

  const server = createServer((req, res) => void serveHttp(req, res));
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES });

  async function serveHttp(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (req.method !== 'GET' && req.method !== 'HEAD') return refuse(res, 405, 'method not allowed');
    const verdict = checkRequest(req.headers, url, { port, token }, { requireOrigin: false });
    if (!verdict.ok) return refuse(res, verdict.status, verdict.reason);
    const file = await readStaticFile(options.rendererDir, url.pathname);
    if (!file) return refuse(res, 404, 'not found');
    const headers: Record<string, string> = { ...SECURITY_HEADERS, 'Content-Type': file.contentType, 'Cache-Control': 'no-store' };
    if (url.searchParams.get('token')) {
      // Lets the page's own script and style requests, which carry no query string, through.
      headers['Set-Cookie'] = `${TOKEN_COOKIE}=${token}; HttpOnly; SameSite=Strict; Path=/`;
    }
    res.writeHead(200, headers);
    res.end(req.method === 'HEAD' ? undefined : file.body);
  }

  server.on('upgrade', (req: IncomingMessage, socket: Socket, head: Buffer) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const verdict = url.pathname !== WS_PATH
      ? ({ ok: false, status: 403, reason: 'not the WebSocket path' } as const)
      : checkRequest(req.headers, url, { port, token }, { requireOrigin: true });
    if (!verdict.ok) {
      socket.end(`HTTP/1.1 403 Forbidden\r\nConnection: close\r\nContent-Type: text/plain\r\n\r\n${verdict.reason}\n`);
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      clients.add(ws);
      ws.on('close', () => clients.delete(ws));
      ws.on('error', () => clients.delete(ws));
      ws.on('message', (data, isBinary) => void handleFrame(ws, isBinary ? null : data.toString()));
    });
  });

  async function handleFrame(ws: WebSocket, text: string | null): Promise<void> {
    const parsed = parseClientFrame(text);
    if (!parsed.ok) {
      // Answer when the frame still names its request; otherwise there is no one to answer.
      if (parsed.id !== undefined) send(ws, { type: 'result', id: parsed.id, result: { ok: false, error: { code: 'bad_request', message: `malformed invoke frame: ${parsed.reason}` } } });
      return;
    }
    const result = await dispatchInvoke(options.handlers, parsed.frame.channel, parsed.frame.input);
    send(ws, { type: 'result', id: parsed.frame.id, result });
  }

  const detach = options.events.attach((event, payload) => {
    const text = JSON.stringify({ type: 'event', event, payload } as ServerFrame);
    for (const ws of clients) if (ws.readyState === ws.OPEN) ws.send(text);
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => resolve());
  });
  port = (server.address() as AddressInfo).port;

  return {
    url: `http://127.0.0.1:${port}/?token=${token}`,
    port,
    token,
    async close() {
      detach();
      for (const ws of clients) ws.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function send(ws: WebSocket, frame: ServerFrame): void {
  if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(frame));
}

function refuse(res: ServerResponse, status: number, reason: string): void {
  res.writeHead(status, { ...SECURITY_HEADERS, 'Content-Type': 'text/plain; charset=utf-8' });
  res.end(`${reason}\n`);
}

// The browser host: the same renderer and the same core as the Electron app,
// carried over HTTP + one WebSocket on 127.0.0.1 with a per-launch token.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import type { InvokeHandlers } from '@shared/contract';
import {
  BINARY_FRAME_MESSAGE,
  binaryFrameRequestId,
  parseClientFrame,
  WS_CLOSE_UNSUPPORTED_DATA,
  SESSION_PATH,
  WS_PATH,
  type ServerFrame,
} from '@shared/ws-protocol';
import type { EventBus } from '../services/events/event-bus';
import { dispatchInvoke } from '../services/ipc/dispatch';
import { checkOrigin, checkRequest, parseRequestTarget } from './request-guard';
import { readStaticFile } from './static-files';
import { MODEL_UPLOAD_PATH } from '@shared/models/model-library';
import type { ModelUploadSink } from '../services/models/model-library-service';
import { handleModelUpload } from './model-upload';
import { PREVIEW_FRAME_FILE, PREVIEW_FRAME_POLICY } from '@shared/previews/preview-policy';

export interface BrowserHostOptions {
  handlers: InvokeHandlers;
  events: EventBus;
  rendererDir: string;
  /** 0 picks a free port */
  port: number;
  token?: string;
  /** where dropped models are stored (the core's model library); without it the drop target answers 404 */
  modelUploads?: ModelUploadSink;
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

/**
 * The preview frame is the one file the page frames: no X-Frame-Options, framed by this host's own pages alone, and
 * sandboxed by its policy (an opaque origin, no network) however it is opened.
 */
const { 'X-Frame-Options': _notFramed, ...PREVIEW_FRAME_HEADERS } = {
  ...SECURITY_HEADERS,
  'Content-Security-Policy': `${PREVIEW_FRAME_POLICY}; frame-ancestors 'self'`,
};
const headersFor = (pathname: string) =>
  pathname === `/${PREVIEW_FRAME_FILE}` ? PREVIEW_FRAME_HEADERS : SECURITY_HEADERS;

export async function startBrowserHost(options: BrowserHostOptions): Promise<BrowserHost> {
  const token = options.token ?? randomBytes(24).toString('base64url');
  let port = options.port;
  const clients = new Set<WebSocket>();

  // Nothing a request carries may take the host down: an unexpected throw is a 500 for that request alone.
  const server = createServer((req, res) =>
    // The request's own answer (500) says it failed; nothing more can reach the one who asked.
    serveHttp(req, res).catch(() => {
      if (!res.headersSent) refuse(res, 500, 'internal error');
      else res.destroy();
    }),
  );
  server.on('clientError', (_error, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
    else socket.destroy();
  });
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES });

  async function serveHttp(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = parseRequestTarget(req.url);
    if (!url) return refuse(res, 400, 'bad request target');
    if (url.pathname === MODEL_UPLOAD_PATH)
      return handleModelUpload(req, res, url, { port, token }, options.modelUploads);
    if (req.method !== 'GET' && req.method !== 'HEAD') return refuse(res, 405, 'method not allowed');
    // Static files hold no secret: Host and Origin are checked (DNS rebinding, foreign pages), no token.
    const verdict = checkOrigin(req.headers, { port, token }, false);
    if (!verdict.ok) return refuse(res, verdict.status, verdict.reason);
    // Says only whether the token is this run's: nothing to learn from it but yes or no.
    if (url.pathname === SESSION_PATH)
      return answerSession(res, checkRequest(req.headers, url, { port, token }, { requireOrigin: false }).ok);
    const file = await readStaticFile(options.rendererDir, url.pathname);
    if (!file) return refuse(res, 404, 'not found');
    res.writeHead(200, { ...headersFor(url.pathname), 'Content-Type': file.contentType, 'Cache-Control': 'no-store' });
    res.end(req.method === 'HEAD' ? undefined : file.body);
  }

  server.on('upgrade', (req: IncomingMessage, socket: Socket, head: Buffer) => {
    socket.on('error', () => socket.destroy());
    const url = parseRequestTarget(req.url);
    const verdict =
      !url || url.pathname !== WS_PATH
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
      ws.on('message', (data, isBinary) => (isBinary ? refuseBinary(ws, data) : void handleFrame(ws, data.toString())));
    });
  });

  async function handleFrame(ws: WebSocket, text: string): Promise<void> {
    const parsed = parseClientFrame(text);
    if (!parsed.ok) {
      // Answer when the frame still names its request; otherwise there is no one to answer.
      if (parsed.id !== undefined)
        send(ws, {
          type: 'result',
          id: parsed.id,
          result: { ok: false, error: { code: 'bad_request', message: `malformed invoke frame: ${parsed.reason}` } },
        });
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

// See BINARY_FRAME_MESSAGE: answer the request the frame names, or close with 1003 when it names none.
function refuseBinary(ws: WebSocket, data: RawData): void {
  const bytes = Array.isArray(data) ? Buffer.concat(data) : Buffer.isBuffer(data) ? data : Buffer.from(data);
  const id = binaryFrameRequestId(bytes);
  if (id === undefined) ws.close(WS_CLOSE_UNSUPPORTED_DATA, BINARY_FRAME_MESSAGE);
  else
    send(ws, {
      type: 'result',
      id,
      result: { ok: false, error: { code: 'bad_request', message: BINARY_FRAME_MESSAGE } },
    });
}

function send(ws: WebSocket, frame: ServerFrame): void {
  if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(frame));
}

function answerSession(res: ServerResponse, valid: boolean): void {
  if (!valid) return refuse(res, 403, 'this address has expired: open the one EVA printed at start');
  res.writeHead(204, { ...SECURITY_HEADERS, 'Cache-Control': 'no-store' });
  res.end();
}

function refuse(res: ServerResponse, status: number, reason: string): void {
  res.writeHead(status, { ...SECURITY_HEADERS, 'Content-Type': 'text/plain; charset=utf-8' });
  res.end(`${reason}\n`);
}

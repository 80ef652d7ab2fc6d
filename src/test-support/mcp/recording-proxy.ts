// A pass-through HTTP proxy in front of an MCP server that records the
// JSON-RPC messages the client POSTs, so a test can see what went over the
// wire (a `notifications/cancelled` after Stop). Responses, event streams
// included, are piped back untouched.
import { createServer, request, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedMessage {
  method?: string;
  id?: number | string;
  params?: Record<string, unknown>;
}

export interface RecordingProxy {
  /** the proxied URL (same path as the target) */
  url: string;
  readonly messages: RecordedMessage[];
  close(): Promise<void>;
}

export function startRecordingProxy(target: string): Promise<RecordingProxy> {
  const upstream = new URL(target);
  const messages: RecordedMessage[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      if (req.method === 'POST' && body.length > 0) {
        try {
          const parsed = JSON.parse(body.toString('utf8')) as RecordedMessage | RecordedMessage[];
          messages.push(...(Array.isArray(parsed) ? parsed : [parsed]));
        } catch {
          // Not JSON: forwarded all the same; the server answers it.
        }
      }
      const headers: IncomingHttpHeaders = { ...req.headers, host: upstream.host };
      const forward = request(
        { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      forward.on('error', () => {
        if (!res.headersSent) res.writeHead(502);
        res.end();
      });
      res.on('close', () => forward.destroy());
      forward.end(body);
    });
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}${upstream.pathname}`,
        messages,
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}

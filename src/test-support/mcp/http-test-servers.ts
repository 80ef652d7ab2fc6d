// Real HTTP MCP servers for the tests, on node:http at 127.0.0.1: one speaking
// Streamable HTTP (stateless: a fresh server per POST, as many deployments
// run), one speaking only the legacy SSE transport (GET /sse + POST
// /messages), which answers a Streamable HTTP POST with 405 like old servers do.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { createTestMcpServer } from './test-mcp-tools';

export interface TestHttpServer {
  url: string;
  port: number;
  /** requests seen, as "METHOD /path" */
  readonly requests: string[];
  close(): Promise<void>;
}

export interface TestHttpOptions {
  /** listen here (to come back on the same port after a close); default a free port */
  port?: number;
  /** refuse requests without `Authorization: Bearer <token>` */
  token?: string;
  /** with `token`: expect it as the bare value of this header instead (`X-API-Key: <token>`) */
  tokenHeader?: string;
}

export function startStreamableHttpServer(options: TestHttpOptions = {}): Promise<TestHttpServer> {
  return listen(options, '/mcp', async (req, res) => {
    if (req.method !== 'POST') return void res.writeHead(405).end();
    const mcp = createTestMcpServer('http');
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    res.on('close', () => {
      void transport.close();
      void mcp.close();
    });
    await mcp.connect(transport);
    await transport.handleRequest(req, res);
  });
}

export function startSseOnlyServer(options: TestHttpOptions = {}): Promise<TestHttpServer> {
  const sessions = new Map<string, SSEServerTransport>();
  return listen(options, '/sse', async (req, res, path) => {
    if (req.method === 'GET' && path === '/sse') {
      const transport = new SSEServerTransport('/messages', res);
      sessions.set(transport.sessionId, transport);
      res.on('close', () => sessions.delete(transport.sessionId));
      await createTestMcpServer('sse').connect(transport);
      return;
    }
    if (req.method === 'POST' && path === '/messages') {
      const id = new URL(req.url ?? '/', 'http://x').searchParams.get('sessionId') ?? '';
      const transport = sessions.get(id);
      if (!transport) return void res.writeHead(404).end('no such session');
      await transport.handlePostMessage(req, res);
      return;
    }
    res.writeHead(405).end();
  });
}

type Handler = (req: IncomingMessage, res: ServerResponse, path: string) => Promise<void>;

function listen(options: TestHttpOptions, mountPath: string, handler: Handler): Promise<TestHttpServer> {
  const requests: string[] = [];
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    requests.push(`${req.method} ${path}`);
    const presented = options.tokenHeader ? req.headers[options.tokenHeader.toLowerCase()] : req.headers.authorization;
    const expected = options.tokenHeader ? options.token : `Bearer ${options.token}`;
    if (options.token && presented !== expected) return void res.writeHead(401).end('unauthorized');
    handler(req, res, path).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500).end(String(error));
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}${mountPath}`,
        port,
        requests,
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}

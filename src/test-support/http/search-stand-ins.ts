// Local stand-ins of the search APIs web_search calls (SearXNG, Brave Search,
// Tavily), on one loopback HTTP server: each answers in its service's JSON shape
// only when the request carries what that API needs (path, method, key header),
// and every request is recorded for the test to check. `/hang/` never answers.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: IncomingMessage['headers'];
  body: string;
}

export interface SearchStandIns {
  /** bases to configure: the SearXNG instance, and the Brave and Tavily endpoints */
  searxngUrl: string;
  braveEndpoint: string;
  tavilyEndpoint: string;
  hangUrl: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

export async function startSearchStandIns(keys: { brave: string; tavily: string }): Promise<SearchStandIns> {
  const requests: RecordedRequest[] = [];
  const hanging = new Set<() => void>();
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const query = Object.fromEntries(url.searchParams);
      requests.push({ method: req.method ?? '', path: url.pathname, query, headers: req.headers, body });
      const send = (status: number, value: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(value));
      };
      if (url.pathname.startsWith('/hang/')) {
        hanging.add(() => res.destroy());
        return;
      }
      if (url.pathname === '/searx/search' && req.method === 'GET') {
        if (query.format !== 'json') return void res.writeHead(403).end('Forbidden');
        return send(200, {
          query: query.q,
          results: [
            { url: 'https://searx.example/one', title: `SearXNG one: ${query.q}`, content: 'first &amp; best' },
            { url: 'https://searx.example/two', title: 'SearXNG two', content: 'second' },
          ],
        });
      }
      if (url.pathname === '/brave/res/v1/web/search' && req.method === 'GET') {
        if (req.headers['x-subscription-token'] !== keys.brave) return send(401, { type: 'ErrorResponse' });
        const count = Number(query.count ?? 20);
        return send(200, {
          type: 'search',
          web: {
            results: Array.from({ length: count }, (_, i) => ({
              title: `Brave <strong>${query.q}</strong> ${i + 1}`,
              url: `https://brave.example/${i + 1}`,
              description: `snippet ${i + 1}`,
            })),
          },
        });
      }
      if (url.pathname === '/tavily/search' && req.method === 'POST') {
        if (req.headers.authorization !== `Bearer ${keys.tavily}`) return send(401, { detail: 'Unauthorized' });
        const input = JSON.parse(body) as { query: string; max_results: number };
        return send(200, {
          query: input.query,
          results: Array.from({ length: input.max_results }, (_, i) => ({
            title: `Tavily ${i + 1}`,
            url: `https://tavily.example/${i + 1}`,
            content: `about ${input.query}`,
            score: 1 - i / 10,
          })),
        });
      }
      send(404, { error: `no stand-in for ${req.method} ${url.pathname}` });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    searxngUrl: `${base}/searx`,
    braveEndpoint: `${base}/brave/res/v1/web/search`,
    tavilyEndpoint: `${base}/tavily/search`,
    hangUrl: `${base}/hang/`,
    requests,
    close: async () => {
      for (const drop of hanging) drop();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

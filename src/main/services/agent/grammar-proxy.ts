// Test support: an HTTP proxy in front of llama-server that adds a GBNF
// `grammar` to each chat request, so the random-weight test model emits exactly
// the tool call a test scripts. Everything else is passed through untouched.
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A GBNF grammar whose only sentence is `text`. */
export function literalGrammar(text: string): string {
  return `root ::= ${JSON.stringify(text)}`;
}

export interface GrammarProxy {
  baseUrl: string;
  /** bodies received, after the grammar was added */
  requests: Record<string, unknown>[];
  close(): Promise<void>;
}

/** `script[i]` is the exact reply forced for the i-th chat request; later requests reuse the last one. */
export async function startGrammarProxy(targetPort: number, script: readonly string[]): Promise<GrammarProxy> {
  const requests: Record<string, unknown>[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      let body = Buffer.concat(chunks);
      if (req.method === 'POST' && req.url?.endsWith('/chat/completions')) {
        const json = JSON.parse(body.toString('utf8')) as Record<string, unknown>;
        const reply = script[Math.min(requests.length, script.length - 1)] ?? '';
        json.grammar = literalGrammar(reply);
        requests.push(json);
        body = Buffer.from(JSON.stringify(json));
      }
      const upstream = request(
        { host: '127.0.0.1', port: targetPort, path: req.url, method: req.method, headers: { ...req.headers, 'content-length': String(body.length) } },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      upstream.on('error', () => res.destroy());
      res.on('close', () => upstream.destroy());
      upstream.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

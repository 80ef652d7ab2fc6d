// tools.web_fetch_ms: a web_fetch call of a local 1 MB HTML page (headings,
// paragraphs, links, lists, a table per section) through a warm tool worker,
// from the runner's call to the text for the model: guard, request, body,
// html-to-text. p95 of 20 calls after one warm-up. Loopback is refused by the
// guard, so the page's host:port is on the run's allow-list.
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeTestRunner } from '@test-support/tools/test-runner';
import type { Benchmark } from './types';
import { median, percentile, round } from './stats';

const RUNS = 20;
const PAGE_BYTES = 1024 * 1024;

function section(n: number): string {
  const words = 'the quick brown fox jumps over the lazy dog while the agent reads the page'.split(' ');
  const sentence = (k: number) => words.map((word, i) => words[(i + k) % words.length] ?? word).join(' ');
  return `<section id="s${n}"><h2>Section ${n}</h2>
<p>${sentence(n)}. ${sentence(n + 1)}. See <a href="/docs/${n}">part ${n}</a>
and <a href="https://example.org/${n}">the source</a>.</p>
<ul><li>${sentence(n + 2)}</li><li>${sentence(n + 3)}</li></ul>
<table><tr><th>key</th><th>value</th></tr><tr><td>${n}</td><td>${sentence(n + 4)}</td></tr></table></section>\n`;
}

function page(): string {
  const head = '<!doctype html><html><head><title>Bench</title><style>body{font:14px sans-serif}</style></head><body>';
  const parts = [head];
  let size = head.length;
  for (let n = 0; size < PAGE_BYTES; n++) {
    const part = section(n);
    parts.push(part);
    size += part.length;
  }
  parts.push('</body></html>');
  return parts.join('');
}

export const webFetchBenchmarks: Benchmark[] = [
  {
    names: ['tools.web_fetch_ms'],
    async run() {
      const html = Buffer.from(page());
      const server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(html));
      server.listen(0, '127.0.0.1');
      await once(server, 'listening');
      const port = (server.address() as AddressInfo).port;
      const workspaceDir = await mkdtemp(join(tmpdir(), 'eva-bench-web-'));
      const runner = makeTestRunner(undefined, { webAllowHosts: () => [`127.0.0.1:${port}`] });
      const call = async (): Promise<{ ms: number; chars: number }> => {
        const started = performance.now();
        const result = await runner.run({
          tool: 'web_fetch',
          args: { url: `http://127.0.0.1:${port}/` },
          workspaceDir,
        });
        const ms = performance.now() - started;
        if (result.status !== 'ok') throw new Error(`bench fetch failed: ${result.error?.message}`);
        return { ms, chars: Number(result.details?.chars ?? 0) };
      };
      try {
        await call();
        const times: number[] = [];
        let chars = 0;
        for (let i = 0; i < RUNS; i++) {
          const one = await call();
          times.push(one.ms);
          chars = one.chars;
        }
        return [
          {
            bench: 'tools.web_fetch_ms',
            value: round(percentile(times, 95), 1),
            unit: 'ms',
            goal: 'reported',
            statistic: 'p95',
            median_ms: round(median(times), 1),
            runs: RUNS,
            page_bytes: html.length,
            text_chars: chars,
            note: 'warm tool worker, TypeScript through tsx; the built app runs bundled JS',
          },
        ];
      } finally {
        await runner.dispose();
        server.close();
        await rm(workspaceDir, { recursive: true, force: true });
      }
    },
  },
];

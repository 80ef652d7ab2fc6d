// Retry with backoff against a link: a gateway in front of the
// real llama-server answers 429, then 503, then lets the request through. The core
// asks again after each pause, says so in a notice, and the answer arrives whole.
// A 401 is not retried.
import { mkdtemp } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventPayloads } from '@shared/contract';
import type { Core } from '../../core';
import { startTestServer, type TestServer } from '@test-support/llama/test-server';
import { createTestCore } from '@test-support/test-core';

let server: TestServer;
let gateway: Server;
let core: Core;
/** what the gateway answers the next requests before it lets one through */
let refusals: number[] = [];
let received = 0;
const notices: EventPayloads['app:notice'][] = [];

beforeAll(async () => {
  server = await startTestServer();
  gateway = createServer((req, res) => {
    received++;
    const status = refusals.shift();
    if (status !== undefined) {
      req.resume();
      res
        .writeHead(status, { 'content-type': 'application/json' })
        .end(JSON.stringify({ error: { message: `gateway says ${status}` } }));
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      const upstream = await fetch(`${server.baseUrl}${req.url}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: Buffer.concat(chunks),
      });
      res.writeHead(upstream.status, { 'content-type': upstream.headers.get('content-type') ?? 'text/event-stream' });
      res.end(Buffer.from(await upstream.arrayBuffer()));
    });
  });
  await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
  core = await createTestCore(await mkdtemp(join(tmpdir(), 'eva-retry-')), {
    chatRetryPolicy: { delaysMs: [50, 100, 200] },
  });
  core.events.attach((event, payload) => {
    if (event === 'app:notice') notices.push(payload as EventPayloads['app:notice']);
  });
});

afterAll(async () => {
  await core.dispose();
  gateway.close();
  await server.stop();
});

async function ask(requestId: string) {
  const { port } = gateway.address() as AddressInfo;
  const link = await core.handlers['link:save']({
    profile: { name: 'gateway', presetId: 'lmstudio', baseUrl: `http://127.0.0.1:${port}/v1`, model: 'tiny' },
  });
  return core.handlers['chat:send']({
    mode: 'chat',
    requestId,
    endpoint: { kind: 'link', linkId: link.id },
    systemPrompt: '',
    messages: [{ role: 'user', content: 'Hello' }],
    sampling: { max_tokens: 8 },
    idSlot: null,
  });
}

describe('a link that is rate-limited or briefly down', () => {
  it('is asked again after each pause, says so, and the answer arrives whole', async () => {
    refusals = [429, 503];
    received = 0;
    const result = await ask('r1');
    expect(result.status).toBe('done');
    expect(result.content).not.toBe('');
    expect(received).toBe(3);
    expect(notices.filter((n) => n.code === 'link_retry').map((n) => n.details)).toEqual([
      { status: 429, attempt: 1, of: 3, delayMs: 50 },
      { status: 503, attempt: 2, of: 3, delayMs: 100 },
    ]);
  });

  it('gives the error when the retries run out, and does not retry a refused key', async () => {
    refusals = [503, 503, 503, 503];
    received = 0;
    const failed = await ask('r2');
    expect(failed).toMatchObject({ status: 'error', error: { code: 'http_error', details: { status: 503 } } });
    expect(received).toBe(4);
    refusals = [401];
    received = 0;
    expect(await ask('r3')).toMatchObject({ status: 'error', error: { details: { status: 401 } } });
    expect(received).toBe(1);
  });
});

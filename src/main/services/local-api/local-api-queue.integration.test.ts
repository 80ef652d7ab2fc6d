// The Local API's queue and its stop, with a holding stand-in for the model's
// server (it keeps each request open until the test answers it, which a real
// llama-server cannot be made to do): a 429 with Retry-After once the running
// and queued requests fill it, and a stop that closes the connections it holds.
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import OpenAI from 'openai';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openTestApi, type TestApi } from '@test-support/local-api/test-api';
import { isPortFree } from '../backend/launch/net-probe';

let t: TestApi;
let holding: Server;
const held: ServerResponse[] = [];
const arrived: (() => void)[] = [];
let port = 0;

const untilHeld = async (count: number) => {
  while (held.length < count) await new Promise<void>((wake) => arrived.push(wake));
};

beforeAll(async () => {
  t = await openTestApi({ local: () => ({ baseUrl: `http://127.0.0.1:${port}`, apiKey: '', model: 'tiny' }) });
});

afterAll(async () => {
  await t?.close();
});

beforeEach(async () => {
  held.length = 0;
  holding = createServer((_req, res) => {
    held.push(res);
    for (const wake of arrived.splice(0)) wake();
  });
  await new Promise<void>((done) => holding.listen(0, '127.0.0.1', done));
  port = (holding.address() as AddressInfo).port;
});

afterEach(async () => {
  holding.closeAllConnections();
  await new Promise<void>((done) => holding.close(() => done()));
});

const ask = () => t.client().chat.completions.create({ model: 'tiny', messages: [{ role: 'user', content: 'Hi' }] });
const answer = JSON.stringify({ id: 'x', object: 'chat.completion', created: 0, model: 'tiny', choices: [] });

describe('the Local API under load (holding stand-in upstream)', () => {
  it('answers 429 with Retry-After once the running and queued requests fill it', async () => {
    await t.api.handlers['local-api:settings']({ queueLimit: 1 });
    const running = ask();
    const queued = ask();
    await t.untilState((status) => status.inFlight === 1 && status.queued === 1);
    await untilHeld(1);
    const refused = await ask().catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(OpenAI.RateLimitError);
    expect((refused as InstanceType<typeof OpenAI.APIError>).headers?.['retry-after']).toBe('2');
    expect((refused as InstanceType<typeof OpenAI.APIError>).code).toBe('queue_full');
    // The first answer lets the queued one reach the upstream, which is then answered too.
    held.shift()!.writeHead(200, { 'Content-Type': 'application/json' }).end(answer);
    await untilHeld(1);
    held.shift()!.writeHead(200, { 'Content-Type': 'application/json' }).end(answer);
    await Promise.all([running, queued]);
    const { entries } = await t.api.handlers['local-api:log']({});
    expect(entries.slice(0, 3).map((entry) => entry.status)).toEqual([200, 200, 429]);
  });

  it('gives a queued place up when its client leaves, so the next one runs', async () => {
    await t.api.handlers['local-api:settings']({ queueLimit: 2 });
    const running = ask();
    const leaving = new AbortController();
    const left = t
      .client()
      .chat.completions.create(
        { model: 'tiny', messages: [{ role: 'user', content: 'Hi' }] },
        { signal: leaving.signal },
      )
      .catch((error: unknown) => error);
    await t.untilState((status) => status.queued === 1);
    const next = ask();
    await t.untilState((status) => status.queued === 2);
    leaving.abort();
    expect(await left).toBeInstanceOf(OpenAI.APIUserAbortError);
    await t.untilState((status) => status.queued === 1);
    held.shift()!.writeHead(200, { 'Content-Type': 'application/json' }).end(answer);
    await untilHeld(1);
    held.shift()!.writeHead(200, { 'Content-Type': 'application/json' }).end(answer);
    await Promise.all([running, next]);
  });

  it('closes the connections it holds and frees its port when it stops', async () => {
    const apiPort = (await t.api.handlers['local-api:status']({})).port!;
    const open = ask().catch((error: unknown) => error);
    await untilHeld(1);
    const stopped = await t.api.handlers['local-api:stop']({});
    expect(stopped.state).toBe('stopped');
    expect(await open).toBeInstanceOf(OpenAI.APIConnectionError);
    expect(await isPortFree(apiPort, '127.0.0.1')).toBe(true);
  });
});

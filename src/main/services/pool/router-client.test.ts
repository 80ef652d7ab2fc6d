// The router client over a real socket that drops a kept-alive connection as the
// next request arrives on it (a connection the router was closing): the request
// is sent again on a new connection, once.
import { afterEach, describe, expect, it } from 'vitest';
import { startDroppingServer, type DroppingServer } from '@test-support/http/dropping-server';
import { routerClient } from './router-client';

const LISTING = '{"data":[{"id":"alpha","status":{"value":"loaded"}}]}';
let router: DroppingServer | null = null;
afterEach(async () => {
  await router?.close();
  router = null;
});

describe('routerClient', () => {
  // fetch itself repeats a GET on a dropped kept-alive connection, but not a POST ("other side closed").
  it('sends a load again on a new connection when the router drops the kept-alive one', async () => {
    router = await startDroppingServer(LISTING);
    const client = routerClient(router.url, 'key');
    await client.load('alpha');
    // The second goes out on the kept-alive connection, which the router drops: asked again, answered.
    await client.load('alpha');
    expect(router.connections()).toBe(2);
    await client.unload('alpha');
    expect(router.connections()).toBe(3);
  });

  it('only once: a router that keeps dropping connections is a failure', async () => {
    router = await startDroppingServer(LISTING, { dropAll: true });
    await expect(routerClient(router.url, 'key').load('alpha')).rejects.toThrow('fetch failed');
    expect(router.connections()).toBe(2);
  });

  it('says whether a slot is working, and throws when the router cannot say rather than calling the model idle', async () => {
    const answering =
      (status: number, body: string): typeof fetch =>
      async () =>
        new Response(body, { status });
    const working = '[{"id":0,"is_processing":true}]';
    expect(await routerClient('http://127.0.0.1:1', 'key', answering(200, working)).busy('alpha')).toBe(true);
    expect(await routerClient('http://127.0.0.1:1', 'key', answering(200, '[]')).busy('alpha')).toBe(false);
    await expect(routerClient('http://127.0.0.1:1', 'key', answering(500, 'boom')).busy('alpha')).rejects.toThrow(
      'HTTP 500',
    );
  });
});

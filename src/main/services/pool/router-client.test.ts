// The router client over a real socket that drops a kept-alive connection as the
// next request arrives on it (a connection the router was closing): the request
// is sent again on a new connection, once.
import { createServer, type Server, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { routerClient } from './router-client';

const LISTING = '{"data":[{"id":"alpha","status":{"value":"loaded"}}]}';
let server: Server | null = null;
const sockets = new Set<Socket>();
afterEach(async () => {
  // The client keeps its connections a while: closed here, or close() would wait for them.
  for (const socket of sockets) socket.destroy();
  sockets.clear();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
});

/** Answers the first request on each connection (kept alive) and drops the connection at the next; `dropAll`: drops every request. */
async function flakyRouter(dropAll = false): Promise<{ url: string; connections: () => number }> {
  let connections = 0;
  server = createServer((socket: Socket) => {
    connections++;
    sockets.add(socket);
    let requests = 0;
    socket.on('data', () => {
      requests++;
      if (dropAll || requests > 1) socket.destroy();
      else socket.write(`HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: ${LISTING.length}\r\nConnection: keep-alive\r\n\r\n${LISTING}`);
    });
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const address = server.address() as { port: number };
  return { url: `http://127.0.0.1:${address.port}`, connections: () => connections };
}

describe('routerClient', () => {
  // fetch itself repeats a GET on a dropped kept-alive connection, but not a POST ("other side closed").
  it('sends a load again on a new connection when the router drops the kept-alive one', async () => {
    const router = await flakyRouter();
    const client = routerClient(router.url, 'key');
    await client.load('alpha');
    // The second goes out on the kept-alive connection, which the router drops: asked again, answered.
    await client.load('alpha');
    expect(router.connections()).toBe(2);
    await client.unload('alpha');
    expect(router.connections()).toBe(3);
  });

  it('only once: a router that keeps dropping connections is a failure', async () => {
    const router = await flakyRouter(true);
    await expect(routerClient(router.url, 'key').load('alpha')).rejects.toThrow('fetch failed');
    expect(router.connections()).toBe(2);
  });
});

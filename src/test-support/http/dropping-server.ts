// A real HTTP/1.1 server over a raw socket that answers the first request on
// each connection (kept alive) and drops the connection when the next request
// arrives on it: a server closing a kept-alive connection as a request goes out.
// With `dropAll`, every request is dropped.
import { createServer, type Server, type Socket } from 'node:net';

export interface DroppingServer {
  url: string;
  connections(): number;
  close(): Promise<void>;
}

export async function startDroppingServer(
  body: string,
  { dropAll = false }: { dropAll?: boolean } = {},
): Promise<DroppingServer> {
  let connections = 0;
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    connections++;
    sockets.add(socket);
    let requests = 0;
    socket.on('data', () => {
      requests++;
      if (dropAll || requests > 1) socket.destroy();
      else
        socket.write(
          `HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: keep-alive\r\n\r\n${body}`,
        );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    connections: () => connections,
    close: async () => {
      // The client keeps its connections a while: closed here, or close() would wait for them.
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

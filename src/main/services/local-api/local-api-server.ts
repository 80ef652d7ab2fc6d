// The Local API's listening socket: node:http on the kept port, bound to
// loopback unless the user opened it to the network; every connection is
// tracked so a stop closes them all instead of waiting for idle clients.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { isPortFree } from '../backend/launch/net-probe';
import { LOCAL_API_PORT_RANGE } from '@shared/local-api/local-api-types';

export interface ListeningServer {
  host: string;
  port: number;
  close(): Promise<void>;
}

export function hostFor(network: boolean): string {
  return network ? '0.0.0.0' : '127.0.0.1';
}

/** The first port of the fixed range free on `host` now (chosen once, then kept in the settings). */
export async function choosePort(
  host: string,
  taken: (port: number) => Promise<boolean> = async (port) => !(await isPortFree(port, host)),
): Promise<number> {
  for (let port = LOCAL_API_PORT_RANGE.first; port <= LOCAL_API_PORT_RANGE.last; port += 1) {
    if (!(await taken(port))) return port;
  }
  throw new Error(`no port between ${LOCAL_API_PORT_RANGE.first} and ${LOCAL_API_PORT_RANGE.last} is free`);
}

export function listen(
  host: string,
  port: number,
  handle: (req: IncomingMessage, res: ServerResponse) => Promise<void>,
): Promise<ListeningServer> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((req, res) => void handle(req, res));
  // Clients stream for minutes: no request timeout, the upstream's own watchdogs and the client's decide.
  server.requestTimeout = 0;
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen({ host, port, exclusive: true }, () => {
      server.off('error', reject);
      resolve({
        host,
        port,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            for (const socket of sockets) socket.destroy();
          }),
      });
    });
  });
}

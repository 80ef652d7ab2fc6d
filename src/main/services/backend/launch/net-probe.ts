// Asks the OS about ports by binding them briefly, on the same host llama-server
// will bind: a port can be free on 127.0.0.1 and taken on 0.0.0.0.
import { createServer, type AddressInfo } from 'node:net';
import { AppFailure } from '@shared/errors';

/** true when `port` can be bound on `host` right now. Any bind error (in use, not permitted) counts as not free. */
export function isPortFree(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.unref();
    server.once('error', () => resolve(false));
    // exclusive: in a cluster worker a shared handle would make a taken port look free.
    server.listen({ port, host, exclusive: true }, () => server.close(() => resolve(true)));
  });
}

/**
 * A port the OS reports free on `host`. It is released before llama-server binds
 * it, so another program could take it in between; llama-server then fails with
 * "couldn't bind HTTP server socket", which the readiness check reports.
 */
export function findFreePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        new AppFailure('internal', `could not find a free port on ${host}: ${error.code ?? error.message}`, { host }),
      ),
    );
    server.listen({ port: 0, host, exclusive: true }, () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

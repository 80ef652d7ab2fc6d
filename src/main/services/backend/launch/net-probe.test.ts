import { createServer, type AddressInfo, type Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { AppFailure } from '@shared/errors';
import { findFreePort, isPortFree } from './net-probe';

const servers: Server[] = [];

const occupy = (host: string, port = 0): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = createServer();
    servers.push(server);
    server.once('error', reject);
    server.listen({ port, host }, () => resolve((server.address() as AddressInfo).port));
  });

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

describe('isPortFree', () => {
  it('reports a port held by another listener as taken, and free again once released', async () => {
    const port = await occupy('127.0.0.1');
    expect(await isPortFree(port, '127.0.0.1')).toBe(false);
    await new Promise((resolve) => servers.pop()?.close(resolve));
    expect(await isPortFree(port, '127.0.0.1')).toBe(true);
  });

  it('checks 127.0.0.1 by default', async () => {
    const port = await occupy('127.0.0.1');
    expect(await isPortFree(port)).toBe(false);
  });

  // Only the same host is asserted: whether 127.0.0.1 is free beside a 0.0.0.0 listener differs by OS,
  // and the probe binds the host llama-server will bind, so it predicts llama-server either way.
  it('checks 0.0.0.0 when asked, for exposeOnNetwork', async () => {
    const port = await occupy('0.0.0.0');
    expect(await isPortFree(port, '0.0.0.0')).toBe(false);
  });

  it('answers false, not a throw, for a host it cannot bind', async () => {
    // 192.0.2.0/24 is TEST-NET-1: never assigned to this machine
    expect(await isPortFree(8080, '192.0.2.1')).toBe(false);
  });
});

describe('findFreePort', () => {
  it('returns a port in range that is then free to bind', async () => {
    const port = await findFreePort('127.0.0.1');
    expect(Number.isInteger(port)).toBe(true);
    expect(port).toBeGreaterThanOrEqual(1024);
    expect(port).toBeLessThanOrEqual(65535);
    expect(await isPortFree(port, '127.0.0.1')).toBe(true);
    await occupy('127.0.0.1', port);
    expect(await isPortFree(port, '127.0.0.1')).toBe(false);
  });

  it('works on 0.0.0.0 for exposeOnNetwork', async () => {
    const port = await findFreePort('0.0.0.0');
    expect(await isPortFree(port, '0.0.0.0')).toBe(true);
  });

  it('rejects with an AppFailure when the host cannot be bound', async () => {
    const failure = await findFreePort('192.0.2.1').then(
      () => null,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(AppFailure);
    expect((failure as AppFailure).code).toBe('internal');
    expect((failure as AppFailure).message).toMatch(/^could not find a free port on 192\.0\.2\.1: E[A-Z]+$/);
    expect((failure as AppFailure).details).toEqual({ host: '192.0.2.1' });
  });
});

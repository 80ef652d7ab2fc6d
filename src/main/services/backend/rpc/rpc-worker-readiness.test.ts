import { describe, expect, it, vi } from 'vitest';
import { waitForWorker } from './rpc-worker-readiness';

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

const never = <T>() => new Promise<T>(() => {});

describe('waitForWorker', () => {
  it('is ready only once the worker says it accepted, not when the port first answers', async () => {
    const accepted = deferred<void>();
    let probes = 0;
    const waiting = waitForWorker({
      host: '127.0.0.1',
      port: 1,
      accepted: accepted.promise,
      exited: never(),
      timeoutMs: 10_000,
      canConnect: async () => (probes++, true),
    });
    let done = false;
    void waiting.then(() => (done = true));
    await vi.waitFor(() => expect(probes).toBeGreaterThan(0));
    expect(done).toBe(false);
    accepted.resolve();
    expect(await waiting).toEqual({ ok: true });
  });

  it('a worker that ends while something else answers on its port: the port is taken', async () => {
    const exited = deferred<string>();
    const waiting = waitForWorker({
      host: '127.0.0.1',
      port: 1,
      accepted: never(),
      exited: exited.promise,
      timeoutMs: 10_000,
      canConnect: async () => true,
    });
    exited.resolve('exit code 0');
    expect(await waiting).toEqual({ ok: false, reason: 'port_taken', how: 'exit code 0' });
  });

  it('a worker that ends with nothing on its port just exited; one that never says a word times out', async () => {
    expect(
      await waitForWorker({
        host: '127.0.0.1',
        port: 1,
        accepted: never(),
        exited: Promise.resolve('killed by SIGSEGV'),
        timeoutMs: 10_000,
        canConnect: async () => false,
      }),
    ).toEqual({ ok: false, reason: 'exited', how: 'killed by SIGSEGV' });
    expect(
      await waitForWorker({
        host: '127.0.0.1',
        port: 1,
        accepted: never(),
        exited: never(),
        timeoutMs: 0,
        canConnect: async () => false,
      }),
    ).toEqual({ ok: false, reason: 'timeout' });
  });
});

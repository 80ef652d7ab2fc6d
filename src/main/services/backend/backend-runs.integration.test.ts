// A ready llama-server that dies unasked (kill -9 of the real server): restarted
// with backoff on the same port, given up after the restart limit unless it ran
// healthy in between, and a chat during the restart waits for it (backend-runs.ts).
import { describe, expect, it } from 'vitest';
import { health, managerHarness, tinyLoad as settings, waitForState } from '@test-support/backend/manager-harness';

const makeManager = managerHarness();

describe('a crash of the real llama-server', () => {
  it('restarts the server after kill -9 and is ready again', async () => {
    const { manager } = await makeManager();
    const first = await manager.load(settings());
    process.kill(first.pid ?? 0, 'SIGKILL');
    await waitForState(manager, 'starting');
    const again = await waitForState(manager, 'ready');
    expect(again.restarts).toBe(1);
    expect(again.pid).not.toBe(first.pid);
    expect(again.port).toBe(first.port);
    expect(await health(again.port)).toBe(200);
  });

  it('gives up after the restart limit with the exit signal and the log tail', async () => {
    const { manager } = await makeManager({ restartDelaysMs: [50, 50] });
    await manager.load(settings());
    for (let i = 0; i < 3; i++) {
      const ready = await waitForState(manager, 'ready');
      process.kill(ready.pid ?? 0, 'SIGKILL');
      await waitForState(manager, i < 2 ? 'starting' : 'error');
    }
    const status = manager.getStatus();
    expect(status.error?.code).toBe('server_crashed');
    expect(status.error?.details?.signal).toBe('SIGKILL');
    expect((status.error?.details?.logTail as string[]).length).toBeGreaterThan(5);
  });

  it('the restart budget refills after healthy running: every crash after a healthy period is restarted', async () => {
    const { manager } = await makeManager({ restartDelaysMs: [50, 50], restartHealthyMs: 300 });
    await manager.load(settings());
    // Four crashes, each after the server ran healthy: twice the budget, never given up.
    for (let i = 0; i < 4; i++) {
      const ready = await waitForState(manager, 'ready');
      await new Promise((resolve) => setTimeout(resolve, 400));
      process.kill(ready.pid ?? 0, 'SIGKILL');
      await waitForState(manager, 'starting');
      expect(manager.getStatus().restarts).toBe(1);
    }
    expect((await waitForState(manager, 'ready')).restarts).toBe(1);
    // A crash loop (killed as soon as it is ready) still gives up: the last restart used one
    // attempt of two, so one more crash is restarted and the next one is final.
    for (const expected of ['starting', 'error'] as const) {
      const ready = await waitForState(manager, 'ready');
      process.kill(ready.pid ?? 0, 'SIGKILL');
      await waitForState(manager, expected);
    }
    expect(manager.getStatus().error?.code).toBe('server_crashed');
  });

  it('a chat during a crash restart waits for the server; after giving up it says why, with a Reload action', async () => {
    const { manager } = await makeManager({ restartDelaysMs: [300] });
    const first = await manager.load(settings());
    process.kill(first.pid ?? 0, 'SIGKILL');
    await waitForState(manager, 'starting');
    const endpoint = await manager.readyEndpoint(new AbortController().signal);
    expect(endpoint.baseUrl).toBe(`http://127.0.0.1:${first.port}`);
    process.kill(manager.getStatus().pid ?? 0, 'SIGKILL');
    await waitForState(manager, 'error');
    const failure = await manager.readyEndpoint(new AbortController().signal).then(
      () => null,
      (error: unknown) => error as { code: string; message: string; details: Record<string, unknown> },
    );
    expect(failure).toMatchObject({ code: 'server_crashed', details: { action: 'reload', signal: 'SIGKILL' } });
    expect(failure?.message).toContain('killed by SIGKILL');
    // Stopped by the user: now it is "no model loaded".
    await manager.stop();
    await expect(manager.readyEndpoint(new AbortController().signal)).rejects.toMatchObject({
      code: 'no_model_loaded',
    });
  });
});

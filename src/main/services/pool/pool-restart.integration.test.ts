// A model router that dies on its own, with the real llama-server in router
// mode: it is started again with backoff and a question sent meanwhile goes out
// once it is back; one that keeps dying is given up, and the status and the next
// request say why.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { defaultSettings } from '@shared/default-settings';
import type { PoolStatus } from '@shared/pool/pool-types';
import { testAssets } from '@test-support/test-assets';
import { openProcessLifecycle } from '../process/process-lifecycle';
import { ModelPool } from './model-pool';

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const POOL = {
  models: [{ path: testAssets.tinyModel, contextSize: 0 }],
  maxLoaded: 1,
  memoryBudgetMiB: 0,
  idleUnloadMinutes: 0,
};
const LOAD = { ...defaultSettings().load, contextSize: 1024, threads: 1 };

async function openPool(restartDelaysMs: number[]) {
  const dir = await mkdtemp(join(tmpdir(), 'eva-pool-restart-'));
  const registry = await openProcessLifecycle({ runDir: join(dir, 'run'), scopeKey: dir, guardian: null });
  const states: PoolStatus[] = [];
  const lines: string[] = [];
  const pool = new ModelPool({
    registry,
    emit: (_event, status) => void states.push(status as PoolStatus),
    server: async () => ({ path: testAssets.llamaServer, kind: 'cpu' as const }),
    dir,
    log: (_stream, text) => lines.push(text),
    restartDelaysMs,
    restartHealthyMs: 60_000,
  });
  cleanups.push(
    () => registry.close(),
    () => pool.dispose(),
  );
  return { pool, states, lines };
}

async function answer(pool: ModelPool): Promise<number> {
  const endpoint = await pool.endpoint('tiny-llama');
  const response = await fetch(`${endpoint.baseUrl}/v1/chat/completions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${endpoint.apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'tiny-llama', messages: [{ role: 'user', content: 'hi' }], max_tokens: 4 }),
  });
  await response.text();
  return response.status;
}

async function until(what: string, check: () => boolean): Promise<void> {
  for (let i = 0; i < 600 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 25));
  if (!check()) throw new Error(`timed out waiting for ${what}`);
}

describe('the model pool after its router dies', () => {
  it('starts the router again; a question sent meanwhile waits for it and is answered', async () => {
    const { pool, states, lines } = await openPool([300, 300]);
    const started = await pool.start(POOL, LOAD);
    expect(await answer(pool)).toBe(200);

    const killedAt = Date.now();
    process.kill(started.pid!, 'SIGKILL');
    await until('the pool to see the router die', () => pool.getStatus().state === 'starting');
    // What a chat cut by it is told (chat-service.ts).
    expect(await pool.stoppedSince(killedAt, 0)).toEqual({
      how: 'killed by SIGKILL',
      exit: { exitSignal: 'SIGKILL' },
      restarting: true,
    });
    expect(pool.getStatus().models.map((model) => model.state)).toEqual(['unloaded']);
    expect(pool.getStatus().restart).toEqual({ how: 'killed by SIGKILL', attempt: 1, of: 2 });
    // Sent during the backoff: it waits for the router instead of failing.
    expect(await answer(pool)).toBe(200);
    const back = pool.getStatus();
    expect(back.state).toBe('ready');
    expect(back.pid).not.toBe(started.pid);
    expect(back.models.map((model) => model.state)).toEqual(['loaded']);
    expect(states.some((status) => status.state === 'error')).toBe(false);
    expect(lines.find((line) => line.includes('the model router stopped unexpectedly'))).toMatch(
      /killed by SIGKILL.*starting it again in 0\.3 s \(1\/2\)/,
    );
    // Ready again, the status still says it was started again; a new start of the pool forgets it.
    expect(back.restart).toEqual({ how: 'killed by SIGKILL', attempt: 1, of: 2 });
    expect((await pool.start(POOL, LOAD)).restart).toBeNull();
  });

  it('gives up on a router that dies again right after its restart: the status and the next request say so', async () => {
    const { pool, lines } = await openPool([200]);
    const started = await pool.start(POOL, LOAD);
    process.kill(started.pid!, 'SIGKILL');
    await until(
      'the restarted router',
      () => pool.getStatus().state === 'ready' && pool.getStatus().pid !== started.pid,
    );
    process.kill(pool.getStatus().pid!, 'SIGKILL');
    await until('the pool to give up', () => pool.getStatus().state === 'error');
    expect(await pool.stoppedSince(Date.now() - 5000, 0)).toMatchObject({ restarting: false });
    const status = pool.getStatus();
    expect(status.error).toMatchObject({
      code: 'server_crashed',
      message: expect.stringContaining('and was restarted 1 times; giving up'),
    });
    await expect(pool.endpoint('tiny-llama')).rejects.toMatchObject({
      code: 'no_model_loaded',
      message: expect.stringContaining('the model pool stopped: the model router stopped unexpectedly'),
    });
    expect(lines.filter((line) => line.startsWith('starting the model router'))).toHaveLength(2);
  });
});

// Idle unloading with the real router: a model nobody asked for in the idle
// time is unloaded, unless one of its slots is still answering; the clock is
// the test's, so "30 minutes later" takes no time.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { defaultSettings } from '@shared/default-settings';
import { testAssets } from '@test-support/test-assets';
import { openProcessLifecycle } from '../process/process-lifecycle';
import { ModelPool } from './model-pool';

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe('the model pool unloads idle models', () => {
  it('after the idle time, not before, and not while it answers', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'eva-pool-idle-'));
    const registry = await openProcessLifecycle({ runDir: join(dir, 'run'), scopeKey: dir, guardian: null });
    let now = 1_000_000;
    const lines: string[] = [];
    const pool = new ModelPool({
      registry,
      emit: () => undefined,
      server: async () => ({ path: testAssets.llamaServer, kind: 'cpu' as const }),
      dir,
      log: (_stream, text) => lines.push(text),
      now: () => now,
      idleCheckMs: 100,
    });
    cleanups.push(
      () => registry.close(),
      () => pool.dispose(),
    );
    await pool.start(
      {
        models: [{ path: testAssets.tinyModel, contextSize: 0 }],
        maxLoaded: 1,
        memoryBudgetMiB: 0,
        idleUnloadMinutes: 30,
      },
      { ...defaultSettings().load, contextSize: 2048, threads: 1 },
    );
    const endpoint = await pool.endpoint('tiny-llama');
    const state = () => pool.getStatus().models[0]!.state;
    expect(state()).toBe('loaded');

    now += 29 * 60_000;
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(state()).toBe('loaded');

    // Past the idle time while a long answer streams (≈ 2 s here): kept. The clock moves only once its slot works.
    const headers = { authorization: `Bearer ${endpoint.apiKey}`, 'content-type': 'application/json' };
    const answer = fetch(`${endpoint.baseUrl}/v1/chat/completions`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        model: 'tiny-llama',
        messages: [{ role: 'user', content: 'go' }],
        max_tokens: 1900,
        ignore_eos: true,
      }),
    });
    // Awaited below; until then a failure must not surface as an unhandled rejection of its own.
    answer.catch(() => undefined);
    // A read of /slots that fails (a loaded machine: the router dropped a kept-alive connection) is read again;
    // a server that really died fails the answer below.
    const working = async () =>
      fetch(`${endpoint.baseUrl}/slots?model=tiny-llama`, { headers })
        .then(async (response) =>
          ((await response.json()) as { is_processing: boolean }[]).some((slot) => slot.is_processing),
        )
        .catch(() => false);
    for (let i = 0; i < 400 && !(await working()); i++) await new Promise((resolve) => setTimeout(resolve, 25));
    now += 2 * 60_000;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(state(), JSON.stringify(pool.getStatus())).toBe('loaded');
    expect((await answer).status).toBe(200);

    for (let i = 0; i < 300 && state() !== 'unloaded'; i++) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(state()).toBe('unloaded');
    expect(lines).toContain('unloading tiny-llama: unused for 30 min');
  });
});

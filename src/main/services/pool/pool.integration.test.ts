// Several models at once through the real llama-server in router mode, driven
// through the core as the page drives it: two conversations on two models,
// switching between them restarts neither; a memory budget for one model
// unloads the least recently used; the model log names each model; a router
// that dies is started again; stopping the pool leaves no process behind.
import { copyFile, mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultSettings } from '@shared/default-settings';
import type { PoolStatus } from '@shared/pool/pool-types';
import { testAssets } from '@test-support/test-assets';
import type { Core } from '../../core';
import { createTestCore } from '@test-support/test-core';

let core: Core;
let dir: string;
let alpha: string;
let beta: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'eva-pool-'));
  alpha = join(dir, 'alpha.gguf');
  beta = join(dir, 'beta.gguf');
  await copyFile(testAssets.tinyModel, alpha);
  await copyFile(testAssets.tinyModel, beta);
  core = await createTestCore(join(dir, 'data'));
  await core.handlers['settings:update']({ load: { contextSize: 512, threads: 1 } });
});

afterAll(async () => {
  await core?.dispose();
});

const ask = (requestId: string, model: string) =>
  core.handlers['chat:send']({
    requestId,
    mode: 'chat',
    endpoint: { kind: 'local', model },
    systemPrompt: 'You are a test.',
    messages: [{ role: 'user', content: `hello ${model}` }],
    sampling: { ...defaultSettings().chat.sampling, max_tokens: 6 },
    idSlot: null,
  });

/** The pids of llama-servers started by this test's router (their argv names a model file in `dir`). */
async function modelServers(): Promise<Map<string, number>> {
  const found = new Map<string, number>();
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const argv = await readFile(`/proc/${entry}/cmdline`, 'utf8').catch(() => '');
    const args = argv.split('\0');
    // The router starts its models with --model; the single-model server gets -m.
    const flag = args.findIndex((arg) => arg === '--model' || arg === '-m');
    const model = flag >= 0 ? args[flag + 1] : undefined;
    if (args[0]?.endsWith('llama-server') && model?.startsWith(dir)) found.set(model, Number(entry));
  }
  return found;
}

const stateOf = (status: PoolStatus, id: string) => status.models.find((model) => model.id === id)?.state;

describe('the model pool (llama-server router mode)', () => {
  it('answers two conversations on two models; switching between them restarts neither; the log names each model', async () => {
    const started = await core.handlers['pool:start']({
      models: [
        { path: alpha, contextSize: 0 },
        { path: beta, contextSize: 256 },
      ],
      maxLoaded: 2,
      memoryBudgetMiB: 0,
      idleUnloadMinutes: 0,
    });
    expect(started.state).toBe('ready');
    expect(started.models.map((model) => [model.id, model.state])).toEqual([
      ['alpha', 'unloaded'],
      ['beta', 'unloaded'],
    ]);
    expect(core.settings.get().pool.models.map((model) => model.path)).toEqual([alpha, beta]);

    const first = await ask('p1', 'alpha');
    expect(first.error).toBeUndefined();
    expect(first.content.length).toBeGreaterThan(0);
    const second = await ask('p2', 'beta');
    expect(second.error).toBeUndefined();
    const both = await core.handlers['pool:status'](undefined);
    expect([stateOf(both, 'alpha'), stateOf(both, 'beta')]).toEqual(['loaded', 'loaded']);
    const pids = await modelServers();
    expect([...pids.keys()].sort()).toEqual([alpha, beta]);

    // Back and forth: the same two processes answer, nothing is started again.
    await ask('p3', 'alpha');
    await ask('p4', 'beta');
    expect(await modelServers()).toEqual(pids);

    // The router relays its children's output through its own pipe, which may lag its answers on a loaded machine.
    const logged = async (prefix: string, text: string) =>
      (await core.handlers['backend:log'](undefined)).lines.some(
        (line) => line.text.startsWith(prefix) && line.text.includes(text),
      );
    await expect.poll(() => logged('[alpha] ', 'model loaded')).toBe(true);
    await expect.poll(() => logged('[beta] ', 'n_ctx_slot = 256')).toBe(true);
    await expect.poll(() => logged('[router] ', '')).toBe(true);
  });

  it('a budget for one model: the least recently used is unloaded first, and the log says why', async () => {
    const unlimited = await core.handlers['pool:start']({
      models: [{ path: alpha, contextSize: 0 }],
      maxLoaded: 1,
      memoryBudgetMiB: 0,
      idleUnloadMinutes: 0,
    });
    const estimate = unlimited.models[0]!.estimatedBytes;
    expect(estimate).toBeGreaterThan(9_000_000);
    const budgetMiB = Math.ceil((estimate * 1.5) / 2 ** 20);
    await core.handlers['pool:start']({
      models: [
        { path: alpha, contextSize: 0 },
        { path: beta, contextSize: 0 },
      ],
      maxLoaded: 2,
      memoryBudgetMiB: budgetMiB,
      idleUnloadMinutes: 0,
    });
    await ask('b1', 'alpha');
    const switched = await core.handlers['pool:use']({ id: 'beta' });
    expect([stateOf(switched, 'alpha'), stateOf(switched, 'beta')]).toEqual(['unloaded', 'loaded']);
    expect(switched.usedBytes).toBeLessThanOrEqual(switched.budgetBytes);
    expect((await modelServers()).has(alpha)).toBe(false);
    const log = (await core.handlers['backend:log'](undefined)).lines.map((line) => line.text);
    expect(log).toContain("unloading alpha (least recently used) to make room for beta in the pool's budget");
    // Too small for any model: refused in words, nothing loaded.
    await core.handlers['pool:start']({
      models: [{ path: alpha, contextSize: 0 }],
      maxLoaded: 1,
      memoryBudgetMiB: 1,
      idleUnloadMinutes: 0,
    });
    await expect(ask('b2', 'alpha')).rejects.toMatchObject({
      code: 'out_of_memory',
      message: expect.stringContaining("more than the pool's memory budget of 1 MiB"),
    });
  });

  it('a model file that is not a model is refused at start with its path; an unknown model name lists the ones there are', async () => {
    const broken = join(dir, 'broken.gguf');
    await writeFile(broken, 'not a gguf file');
    await expect(
      core.handlers['pool:start']({
        models: [
          { path: alpha, contextSize: 0 },
          { path: broken, contextSize: 0 },
        ],
        maxLoaded: 2,
        memoryBudgetMiB: 0,
        idleUnloadMinutes: 0,
      }),
    ).rejects.toMatchObject({ message: expect.stringContaining(broken) });
    expect((await core.handlers['pool:status'](undefined)).state).toBe('error');
    await core.handlers['pool:start']({
      models: [{ path: alpha, contextSize: 0 }],
      maxLoaded: 1,
      memoryBudgetMiB: 0,
      idleUnloadMinutes: 0,
    });
    await expect(ask('u1', 'gamma')).rejects.toMatchObject({
      code: 'bad_request',
      message: 'no model "gamma" in the pool; it has alpha',
    });
  });

  it('a router killed under it: the status says so, its model server goes too, the router is started again and the next request is answered; loading a single model stops the pool', async () => {
    const status = await core.handlers['pool:start']({
      models: [{ path: alpha, contextSize: 0 }],
      maxLoaded: 1,
      memoryBudgetMiB: 0,
      idleUnloadMinutes: 0,
    });
    await ask('k1', 'alpha');
    const [oldModelServer] = [...(await modelServers()).values()];
    process.kill(status.pid!, 'SIGKILL');
    for (let i = 0; i < 600 && (await core.handlers['pool:status'](undefined)).state === 'ready'; i++)
      await new Promise((resolve) => setTimeout(resolve, 25));
    const after = await core.handlers['pool:status'](undefined);
    expect(after.state).toBe('starting');
    expect(after.models.map((model) => model.state)).toEqual(['unloaded']);
    // Its model's server saw its stdin close and went too.
    for (let i = 0; i < 600 && [...(await modelServers()).values()].includes(oldModelServer!); i++)
      await new Promise((resolve) => setTimeout(resolve, 25));
    expect([...(await modelServers()).values()]).not.toContain(oldModelServer);
    // Sent while the router is down: answered once it is back (the default backoff's first step, 1 s).
    const again = await ask('k2', 'alpha');
    expect(again.error).toBeUndefined();
    const back = await core.handlers['pool:status'](undefined);
    expect(back.state).toBe('ready');
    expect(back.pid).not.toBe(status.pid);

    await core.handlers['pool:start']({
      models: [{ path: alpha, contextSize: 0 }],
      maxLoaded: 1,
      memoryBudgetMiB: 0,
      idleUnloadMinutes: 0,
    });
    await ask('k3', 'alpha');
    await core.handlers['backend:load']({ ...core.settings.get().load, modelPath: beta });
    expect((await core.handlers['pool:status'](undefined)).state).toBe('stopped');
    expect([...(await modelServers()).keys()]).toEqual([beta]);
    await core.handlers['backend:stop'](undefined);
    expect((await modelServers()).size).toBe(0);
  });
});

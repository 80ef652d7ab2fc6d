// BackendManager loading the tiny model into the real llama-server: ready with its
// facts, the port it uses, what its status keeps after an unload or a failed load,
// no process left behind, and a clear error for bad input.
import { chmod, copyFile, mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fakeBackendDir, health, managerHarness, tinyLoad as settings } from '@test-support/backend/manager-harness';
import { testAssets } from '@test-support/test-assets';
import { isAlive } from '../process/kill-tree';

const makeManager = managerHarness();

describe('backend manager with the real llama-server', () => {
  it('starts the tiny model, reports ready with its facts, and answers /health', async () => {
    const { manager, states } = await makeManager();
    const status = await manager.load(settings());
    expect(status.state).toBe('ready');
    expect(status.backend).toBe('cpu');
    expect(status.model?.name).toBe('tiny-llama-test');
    expect(status.model?.nLayer).toBe(2);
    expect(status.gpuLayers).toBe(0);
    expect(status.host).toBe('127.0.0.1');
    expect(status.loadMs).toBeGreaterThan(0);
    expect(await health(status.port)).toBe(200);
    expect(states().filter((state, i, all) => state !== all[i - 1])).toEqual(['starting', 'ready']);
    expect(manager.logLines().some((line) => /listening on http:\/\/127\.0\.0\.1:\d+/.test(line.text))).toBe(true);
    // What the server did, read from its own load lines, beside the estimate: the context asked for, the weights and
    // the KV cache on the CPU.
    const report = manager.logLines().find((line) => line.stream === 'app' && line.text.startsWith('llama-server put'));
    expect(report?.text).toMatch(
      /^llama-server put no layer on a GPU, context 512; .*CPU\w*: model \d+ MiB.*KV \d+ MiB.* \(EVA's estimate: 0 of 3 layers, CPU backend: no offload, KV cache \d+ MiB\); llama-server's own fit projected \d+ of \d+ MiB of host memory: no changes needed$/,
    );
  });

  it('does not restart for the same settings, restarts when the context size changes', async () => {
    const { manager } = await makeManager();
    const first = await manager.load(settings());
    const again = await manager.load(settings());
    expect(again.pid).toBe(first.pid);
    const changed = await manager.load(settings({ contextSize: 1024 }));
    expect(changed.pid).not.toBe(first.pid);
    expect(isAlive(first.pid ?? 0)).toBe(false);
    expect(await health(changed.port)).toBe(200);
  });

  it('moves to a free port for this run when the requested one is taken', async () => {
    const blocker: Server = createServer();
    await new Promise<void>((r) => blocker.listen(0, '127.0.0.1', () => r()));
    const taken = (blocker.address() as { port: number }).port;
    try {
      const { manager } = await makeManager();
      const status = await manager.load(settings({ port: taken }));
      expect(status.port).not.toBe(taken);
      expect(status.notices.join(' ')).toContain(String(taken));
      expect(await health(status.port)).toBe(200);
    } finally {
      blocker.close();
    }
  });

  it('uses the requested port when it is free', async () => {
    const probe: Server = createServer();
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', () => r()));
    const free = (probe.address() as { port: number }).port;
    await new Promise((r) => probe.close(r));
    const { manager } = await makeManager();
    expect((await manager.load(settings({ port: free }))).port).toBe(free);
  });

  it('after an Unload or a failed load the status shows no port or model, and the log says why a load failed', async () => {
    const { manager } = await makeManager();
    const ready = await manager.load(settings());
    expect(ready.port).not.toBeNull();
    const stopped = await manager.stop();
    expect(stopped).toMatchObject({
      state: 'stopped',
      port: null,
      host: null,
      model: null,
      pid: null,
      gpuLayers: null,
    });
    // With nothing running, a refused load leaves the error in the status (with a model running, it keeps running:
    // load-keeps-model.integration.test.ts).
    await expect(manager.load(settings({ modelPath: '/nonexistent/model.gguf' }))).rejects.toMatchObject({
      code: 'model_missing',
    });
    expect(manager.getStatus()).toMatchObject({
      state: 'error',
      port: null,
      model: null,
      pid: null,
      error: { code: 'model_missing' },
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(
      manager
        .logLines()
        .some((line) => line.stream === 'app' && /load (?:failed|refused): .*nonexistent/.test(line.text)),
    ).toBe(true);
  });

  it('leaves no llama-server process behind after dispose', async () => {
    const { manager, registry } = await makeManager();
    const status = await manager.load(settings());
    expect(registry.pids()).toEqual([status.pid]);
    await manager.dispose();
    expect(isAlive(status.pid ?? 0)).toBe(false);
    expect(registry.pids()).toEqual([]);
    expect(manager.getStatus().state).toBe('stopped');
  });
});

describe('bad input gets a clear error quickly', () => {
  const cases: [string, () => Promise<string>, string, RegExp][] = [
    ['a missing model', async () => '/nonexistent/model.gguf', 'model_missing', /nonexistent/],
    [
      'random bytes',
      async () => writeTemp('random.gguf', Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256))),
      'model_invalid',
      /GGUF/,
    ],
    ['a directory', async () => mkdtemp(join(tmpdir(), 'eva-dir-')), 'model_unreadable', /./],
  ];
  for (const [name, makePath, code, message] of cases) {
    it(`${name} → ${code}`, async () => {
      const { manager, registry } = await makeManager();
      await expect(manager.load(settings({ modelPath: await makePath() }))).rejects.toMatchObject({
        code,
        message: expect.stringMatching(message),
      });
      expect(manager.getStatus().state).toBe('error');
      expect(registry.pids()).toEqual([]);
    });
  }

  it('a port out of range → port_invalid', async () => {
    const { manager } = await makeManager();
    await expect(manager.load(settings({ port: 70_000 }))).rejects.toMatchObject({ code: 'port_invalid' });
  });

  it('no backend built → backend_missing naming the build command', async () => {
    const { manager } = await makeManager({ binDirs: [await mkdtemp(join(tmpdir(), 'eva-nobin-'))] });
    await expect(manager.load(settings())).rejects.toMatchObject({
      code: 'backend_missing',
      message: expect.stringContaining('backend:build'),
    });
  });

  it('a backend binary without the execute bit → backend_not_executable', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'eva-noexec-'));
    await mkdir(join(dir, 'cpu'));
    await copyFile(testAssets.llamaServer, join(dir, 'cpu', 'llama-server'));
    await chmod(join(dir, 'cpu', 'llama-server'), 0o644);
    const { manager } = await makeManager({ binDirs: [dir] });
    await expect(manager.load(settings())).rejects.toMatchObject({ code: 'backend_not_executable' });
  });

  it('a server that never becomes ready → ready_timeout with the log tail, process gone (fake backend script)', async () => {
    const dir = await fakeBackendDir('cpu', '#!/bin/sh\necho "fake: loading forever"\nexec sleep 600\n');
    const { manager, registry } = await makeManager({ binDirs: [dir], readyTimeoutMs: 800, stopGraceMs: 300 });
    const error = await manager.load(settings()).catch((e: unknown) => e);
    expect(error).toMatchObject({
      code: 'ready_timeout',
      details: { logTail: expect.arrayContaining(['fake: loading forever']) },
    });
    await new Promise((r) => setTimeout(r, 400));
    expect(registry.pids()).toEqual([]);
  });
});

async function writeTemp(name: string, data: Buffer): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'eva-bad-'));
  const file = join(dir, name);
  await writeFile(file, data);
  return file;
}

// Integration tests against the real llama-server (bin/cpu, built from source by
// `npm test`) and the tiny random-weight test model. Fake backends appear only
// where a failing GPU build is needed; they are shell scripts and say so.
import { execFile } from 'node:child_process';
import { chmod, copyFile, mkdir, mkdtemp, symlink, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { BackendStatus, EventName, EventPayloads, LoadSettings } from '@shared/contract';
import { testAssets } from '@test-support/test-assets';
import { isAlive } from '../process/kill-tree';
import { memoryLifecycle, type ProcessLifecycle } from '../process/process-lifecycle';
import { defaultSettings } from '@shared/default-settings';
import { BackendManager, type BackendManagerDeps } from './backend-manager';

const managers: { manager: BackendManager; registry: ProcessLifecycle }[] = [];

afterEach(async () => {
  for (const { manager, registry } of managers.splice(0)) {
    await manager.dispose();
    await registry.stopAll(500);
  }
});

async function makeManager(overrides: Partial<BackendManagerDeps> = {}) {
  const dataDir = await mkdtemp(join(tmpdir(), 'eva-backend-'));
  const registry = memoryLifecycle();
  const events: { event: EventName; payload: unknown }[] = [];
  const manager = new BackendManager({
    binDirs: [testAssets.binDir],
    registry,
    emit: <E extends EventName>(event: E, payload: EventPayloads[E]) => events.push({ event, payload }),
    probeGpus: async () => [],
    readyTimeoutMs: 30_000,
    restartDelaysMs: [200, 400, 800],
    stopGraceMs: 2000,
    ...overrides,
  });
  managers.push({ manager, registry });
  const states = () => events.filter((e) => e.event === 'backend:state').map((e) => (e.payload as BackendStatus).state);
  return { manager, registry, events, states, dataDir };
}

const settings = (patch: Partial<LoadSettings> = {}): LoadSettings => ({
  ...defaultSettings().load,
  modelPath: testAssets.tinyModel,
  contextSize: 512,
  ...patch,
});

async function waitForState(
  manager: BackendManager,
  state: BackendStatus['state'],
  timeoutMs = 20_000,
): Promise<BackendStatus> {
  const start = Date.now();
  while (manager.getStatus().state !== state) {
    if (Date.now() - start > timeoutMs) throw new Error(`state stayed ${manager.getStatus().state}, wanted ${state}`);
    await new Promise((r) => setTimeout(r, 25));
  }
  return manager.getStatus();
}

async function health(port: number | null): Promise<number> {
  return (await fetch(`http://127.0.0.1:${port}/health`)).status;
}

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
    await manager.load(settings());
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
      manager.logLines().some((line) => line.stream === 'app' && /load failed: .*nonexistent/.test(line.text)),
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
      const started = Date.now();
      await expect(manager.load(settings({ modelPath: await makePath() }))).rejects.toMatchObject({
        code,
        message: expect.stringMatching(message),
      });
      expect(Date.now() - started).toBeLessThan(5000);
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

describe('backend fallback', () => {
  it('a failing vulkan build falls back to cpu and says why (fake vulkan backend script)', async () => {
    const { status, events } = await loadBesideCpu(
      '#!/bin/sh\necho "ggml_vulkan: No devices found." >&2\necho "error: failed to initialize the vulkan backend" >&2\nexit 1\n',
    );
    expect(status.notices.join(' ')).toMatch(/vulkan.*cpu/i);
    expect(
      events.some((e) => e.event === 'app:notice' && (e.payload as { code: string }).code === 'backend_fallback'),
    ).toBe(true);
  });
});

describe('a GPU build that finds no usable GPU', () => {
  it('is left for the CPU build, with a notice, when it put no layer on a GPU (the real CPU llama-server standing in for a Vulkan build without a device)', async () => {
    // A CPU build given GPU layers behaves as a Vulkan build does that sees only Mesa's software device:
    // it loads and answers on the CPU ("no usable GPU found"), every buffer in host memory.
    const { status, events } = await loadBesideCpu(`#!/bin/sh\nexec "${testAssets.llamaServer}" "$@"\n`);
    expect(status.notices).toContain(
      'The Vulkan backend failed to start (it found no usable GPU and put no layer on one); trying CPU instead.',
    );
    expect(events.map((e) => e.payload)).toContainEqual(
      expect.objectContaining({
        code: 'backend_fallback',
        details: { from: 'vulkan', to: 'cpu', cause: 'no usable GPU' },
      }),
    );
    expect(await health(status.port)).toBe(200);
  });

  it('still runs when it is the only build there is', async () => {
    const dir = await fakeBackendDir('vulkan', `#!/bin/sh\nexec "${testAssets.llamaServer}" "$@"\n`);
    const { manager } = await makeManager({ binDirs: [dir] });
    const status = await manager.load(settings());
    expect(status).toMatchObject({ state: 'ready', backend: 'vulkan' });
  });
});

describe('a start that dies of a CPU fault', () => {
  it('is tried once more without weight repacking, and says why (a shell-script backend that faults unless given --no-repack, then runs the real server)', async () => {
    const script = `#!/bin/sh\ncase " $* " in *" --no-repack "*) exec "${testAssets.llamaServer}" "$@" ;; esac\necho "fake: faulting like AMX in a VM" >&2\nkill -SEGV $$\n`;
    const dir = await fakeBackendDir('cpu', script);
    const { manager, events } = await makeManager({ binDirs: [dir] });
    const status = await manager.load(settings());
    expect(status.state).toBe('ready');
    expect(await health(status.port)).toBe(200);
    expect(status.notices.join(' ')).toMatch(/SIGSEGV.*--no-repack/);
    expect(events.filter((e) => e.event === 'app:notice').map((e) => e.payload)).toContainEqual(
      expect.objectContaining({ code: 'backend_no_repack', details: { signal: 'SIGSEGV' } }),
    );
    expect(
      manager
        .logLines()
        .map((l) => l.text)
        .some((t) => t.includes('--no-repack')),
    ).toBe(true);
  });

  it('a Q8_0 model quantized here loads and answers (where this CPU faults on repacked weights, through the retry)', async () => {
    const quantize = join(testAssets.binDir, 'cpu', 'llama-quantize');
    const out = join(await mkdtemp(join(tmpdir(), 'eva-q8-')), 'tiny-q8_0.gguf');
    await new Promise<void>((resolve, reject) =>
      execFile(quantize, [testAssets.tinyModel, out, 'Q8_0'], (error) => (error ? reject(error) : resolve())),
    );
    const { manager } = await makeManager();
    const status = await manager.load(settings({ modelPath: out }));
    expect(status.state).toBe('ready');
    const answer = await fetch(`http://127.0.0.1:${status.port}/completion`, {
      method: 'POST',
      headers: { authorization: `Bearer ${manager.localEndpoint()!.apiKey}` },
      body: JSON.stringify({ prompt: 'Hello', n_predict: 4 }),
    });
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as { tokens_predicted: number }).tokens_predicted).toBe(4);
  });
});

async function writeTemp(name: string, data: Buffer): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'eva-bad-'));
  const file = join(dir, name);
  await writeFile(file, data);
  return file;
}

/** A load with a fake vulkan build (this script) beside the real CPU one: it must end ready on the CPU. */
async function loadBesideCpu(vulkanScript: string) {
  const dir = await fakeBackendDir('vulkan', vulkanScript);
  await mkdir(join(dir, 'cpu'));
  await symlink(testAssets.llamaServer, join(dir, 'cpu', 'llama-server'));
  const { manager, events } = await makeManager({ binDirs: [dir] });
  const status = await manager.load(settings());
  expect(status).toMatchObject({ state: 'ready', backend: 'cpu' });
  return { status, events };
}

async function fakeBackendDir(kind: string, script: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'eva-fakebin-'));
  await mkdir(join(dir, kind));
  await writeFile(join(dir, kind, 'llama-server'), script, { mode: 0o755 });
  return dir;
}

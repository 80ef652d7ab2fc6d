// BackendManager against the real llama-server (bin/cpu, built from source by
// `npm test`) and the tiny random-weight test model, for its integration tests:
// managers that are disposed after each test (their processes with them), the
// load settings of the tiny model, waits on the state, and fake backends, which
// are shell scripts and appear only where a failing GPU build is needed.
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';
import type { BackendStatus, EventName, EventPayloads, LoadSettings } from '@shared/contract';
import { defaultSettings } from '@shared/default-settings';
import type { RpcSettings } from '@shared/rpc/rpc-settings';
import { BackendManager, type BackendManagerDeps } from '@main/services/backend/backend-manager';
import { memoryLifecycle, type ProcessLifecycle } from '@main/services/process/process-lifecycle';
import { testAssets } from '@test-support/test-assets';

/** Call at the top of a test file: its managers are disposed, and their processes stopped, after each test. */
export function managerHarness() {
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
    const states = () =>
      events.filter((e) => e.event === 'backend:state').map((e) => (e.payload as BackendStatus).state);
    return { manager, registry, events, states, dataDir };
  }

  return makeManager;
}

/** The tiny model's load settings at a 512-token context. */
export const tinyLoad = (patch: Partial<LoadSettings> = {}): LoadSettings => ({
  ...defaultSettings().load,
  modelPath: testAssets.tinyModel,
  contextSize: 512,
  ...patch,
});

export async function waitForState(
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

/** The status code of the server's /health on loopback. */
export async function health(port: number | null): Promise<number> {
  return (await fetch(`http://127.0.0.1:${port}/health`)).status;
}

/** A bin dir with one backend, `kind`, whose llama-server is this shell script. */
export async function fakeBackendDir(kind: string, script: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'eva-fakebin-'));
  await mkdir(join(dir, kind));
  await writeFile(join(dir, kind, 'llama-server'), script, { mode: 0o755 });
  return dir;
}

/** Local RPC workers: two, of one thread each. */
export const localRpc = (patch: Partial<RpcSettings> = {}): RpcSettings => ({
  ...defaultSettings().load.rpc,
  mode: 'local',
  localWorkers: 2,
  workerThreads: 1,
  ...patch,
});

/** Polls `probe` until it gives something truthy, and gives that. */
export async function waitFor<T>(
  what: string,
  probe: () => T | undefined | null | false,
  timeoutMs = 30_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

// A load that runs out of memory, for real: the real llama-server and the tiny
// test model under a small address-space limit (prlimit --as, a tiny memory
// budget the script sets before it execs the server), asked for a context whose
// KV cache cannot fit. The manager must shrink the context until it loads, say
// what changed, and start the next load from what worked.
import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { EventName, EventPayloads, LoadSettings } from '@shared/contract';
import { defaultSettings } from '@shared/default-settings';
import { testAssets } from '@test-support/test-assets';
import { memoryLifecycle, type ProcessLifecycle } from '../../process/process-lifecycle';
import { BackendManager } from '../backend-manager';

const managers: { manager: BackendManager; registry: ProcessLifecycle }[] = [];
afterEach(async () => {
  for (const { manager, registry } of managers.splice(0)) {
    await manager.dispose();
    await registry.stopAll(500);
  }
});

/** A bin dir whose cpu/llama-server is the real one under an address-space budget of `mib`. */
async function budgetedBackend(mib: number): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'eva-budget-'));
  await mkdir(join(dir, 'cpu'));
  await writeFile(
    join(dir, 'cpu', 'llama-server'),
    `#!/bin/sh\nexec prlimit --as=${mib * 1024 * 1024} -- "${testAssets.llamaServer}" "$@"\n`,
    { mode: 0o755 },
  );
  return dir;
}

function makeManager(binDir: string, fitMemoryPath: string) {
  const registry = memoryLifecycle();
  const notices: EventPayloads['app:notice'][] = [];
  const manager = new BackendManager({
    binDirs: [binDir],
    registry,
    fitMemoryPath,
    emit: <E extends EventName>(event: E, payload: EventPayloads[E]) => {
      if (event === 'app:notice') notices.push(payload as EventPayloads['app:notice']);
    },
    probeGpus: async () => [],
    readyTimeoutMs: 30_000,
    stopGraceMs: 2000,
  });
  managers.push({ manager, registry });
  return { manager, notices };
}

// 262,144 tokens of KV cache take 257 MiB for the tiny model, and the compute buffers without flash
// attention (the CPU default) about ten times that: far over the budget; 16,384 tokens fit.
const HUGE_CONTEXT = 262_144;
const settings = (patch: Partial<LoadSettings> = {}): LoadSettings => ({
  ...defaultSettings().load,
  modelPath: testAssets.tinyModel,
  contextSize: HUGE_CONTEXT,
  ...patch,
});

describe('a load that runs out of memory (the real llama-server under a 512 MiB prlimit budget)', () => {
  it('is retried with a smaller context until it loads, says what changed, and the next load starts from what worked', async () => {
    const binDir = await budgetedBackend(512);
    const fitFile = join(await mkdtemp(join(tmpdir(), 'eva-fitmem-')), 'fit-memory.json');
    const first = makeManager(binDir, fitFile);
    const status = await first.manager.load(settings());
    expect(status.state).toBe('ready');
    const fit = status.fit!;
    expect(fit.requested).toEqual({ gpuLayers: 0, contextSize: HUGE_CONTEXT });
    expect(fit.changes.length).toBeGreaterThanOrEqual(1);
    // The KV cache or (without flash attention) the compute buffers, whichever is allocated first and fails.
    expect(fit.changes[0]).toMatchObject({
      device: 'CPU',
      buffer: expect.stringMatching(/^(?:kv|compute)$/),
      from: { contextSize: HUGE_CONTEXT },
      to: { contextSize: HUGE_CONTEXT / 2 },
    });
    expect(fit.changes[0]!.text).toMatch(
      /^CPU ran out of memory allocating the (?:KV cache|compute buffers) \(\d+ MiB\): context 262144 → 131072 tokens$/,
    );
    expect(fit.running.contextSize).toBe(fit.changes.at(-1)!.to.contextSize);
    expect(fit.running.contextSize).toBeLessThan(HUGE_CONTEXT);
    // What the server itself reports: the context it allocated, its buffers, its own fit's projection.
    expect(fit.report.nCtx).toBe(fit.running.contextSize);
    expect(fit.report.buffers.some((buffer) => buffer.kind === 'kv')).toBe(true);
    expect(fit.report.serverFit).toMatchObject({ memory: 'host' });
    expect(first.manager.activeLaunch()!.args.join(' ')).toContain(`-c ${fit.running.contextSize}`);
    expect(status.notices.filter((notice) => notice.includes('ran out of memory'))).toHaveLength(fit.changes.length);
    expect(first.notices.filter((notice) => notice.code === 'backend_fit')).toHaveLength(fit.changes.length);
    expect(
      first.manager
        .logLines()
        .map((line) => line.text)
        .join('\n'),
    ).toMatch(/llama-server's own fit projected \d+ of \d+ MiB of host memory/);
    expect(Object.values(JSON.parse(await readFile(fitFile, 'utf8')).entries)).toEqual([
      expect.objectContaining({ gpuLayers: 0, contextSize: fit.running.contextSize }),
    ]);
    await first.manager.dispose();

    const second = makeManager(binDir, fitFile);
    const again = await second.manager.load(settings());
    expect(again.fit).toMatchObject({ remembered: true, changes: [], running: fit.running });
    expect(again.notices.join(' ')).toContain(
      `started with what fit last time on this machine: context ${fit.running.contextSize} instead of ${HUGE_CONTEXT}`,
    );
  });

  it('a load that fits as asked changes nothing and remembers nothing', async () => {
    const fitFile = join(await mkdtemp(join(tmpdir(), 'eva-fitmem-')), 'fit-memory.json');
    const { manager } = makeManager(await budgetedBackend(512), fitFile);
    const status = await manager.load(settings({ contextSize: 4096 }));
    expect(status.fit).toMatchObject({ changes: [], remembered: false, running: { contextSize: 4096 } });
    expect(status.fit!.report.nCtx).toBe(4096);
    await expect(readFile(fitFile, 'utf8')).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('when nothing smaller is left it fails with out_of_memory, naming the device and the tries', async () => {
    const { manager } = makeManager(
      await budgetedBackend(512),
      join(await mkdtemp(join(tmpdir(), 'eva-fitmem-')), 'fit-memory.json'),
    );
    // Eight tries from 16M tokens only get down to 128K: still far over the budget.
    const error = await manager.load(settings({ contextSize: 16 * 1_048_576 })).catch((e: unknown) => e);
    expect(error).toMatchObject({
      code: 'out_of_memory',
      message: expect.stringMatching(
        /^llama-server ran out of memory on CPU(?: \(\d+ MiB\))? after 7 smaller tries, with 0 GPU layers and context 131072; choose a smaller context or model$/,
      ),
    });
    expect((error as { details: { changes: string[] } }).details.changes).toHaveLength(7);
    expect(manager.getStatus().state).toBe('error');
  });
});

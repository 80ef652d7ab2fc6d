// A load that falls back or tries again: a GPU build that fails or finds no usable
// GPU is left for the CPU build, and a start that dies of a CPU fault is retried
// without weight repacking. The GPU builds are shell scripts, some of which run
// the real CPU llama-server.
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fakeBackendDir, health, managerHarness, tinyLoad as settings } from '@test-support/backend/manager-harness';
import { testAssets } from '@test-support/test-assets';

const makeManager = managerHarness();

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

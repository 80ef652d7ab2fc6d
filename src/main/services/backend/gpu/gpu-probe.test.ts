import { describe, expect, it } from 'vitest';
import { probeGpus, type GpuProbeDeps } from './gpu-probe';
import type { ToolResult } from './run-tool';

type Answers = Record<string, ToolResult | Error>;

/** A fake runner keyed by command name that records every call. */
const fakeRun = (answers: Answers) => {
  const calls: { cmd: string; args: string[]; timeoutMs: number }[] = [];
  const deps: GpuProbeDeps = {
    run: async (cmd, args, timeoutMs) => {
      calls.push({ cmd, args, timeoutMs });
      const answer = answers[cmd] ?? { ok: false, stdout: '' };
      if (answer instanceof Error) throw answer;
      return answer;
    },
  };
  return { deps, calls, order: () => calls.map((call) => call.cmd) };
};

const SERVER = '/app/bin/cuda/llama-server';
const LIST_DEVICES = {
  ok: true,
  stdout: 'Available devices:\n  CUDA0: NVIDIA GeForce RTX 4090 (24080 MiB, 23500 MiB free)\n',
};
const NVIDIA_SMI = { ok: true, stdout: 'NVIDIA GeForce RTX 4090, 24564, 23012\n' };
const CLINFO = {
  ok: true,
  stdout: 'Platform #0: AMD Accelerated Parallel Processing\n `-- Device #0: AMD Radeon RX 7900 XTX\n',
};
const CLINFO_WITH_MEMORY = {
  ok: true,
  stdout:
    '  Device Name                                     gfx1100\n  Device Type                                     GPU\n  Global memory size                              25753026560 (23.98GiB)\n',
};
const VULKANINFO = {
  ok: true,
  stdout:
    'Devices:\n========\nGPU0:\n\tdeviceType = PHYSICAL_DEVICE_TYPE_DISCRETE_GPU\n\tdeviceName = AMD Radeon RX 7900 XTX (RADV NAVI31)\n',
};

describe('probeGpus', () => {
  it('asks the backend first and stops there when it reports free memory', async () => {
    const { deps, calls } = fakeRun({ [SERVER]: LIST_DEVICES, 'nvidia-smi': NVIDIA_SMI });
    expect(await probeGpus(deps, SERVER)).toEqual([
      { name: 'NVIDIA GeForce RTX 4090', totalMiB: 24080, freeMiB: 23500, source: 'list-devices' },
    ]);
    expect(calls).toEqual([{ cmd: SERVER, args: ['--list-devices'], timeoutMs: 20_000 }]);
  });

  it('runs nvidia-smi with the documented query when there is no backend path', async () => {
    const { deps, calls } = fakeRun({ 'nvidia-smi': NVIDIA_SMI });
    expect(await probeGpus(deps)).toEqual([
      { name: 'NVIDIA GeForce RTX 4090', totalMiB: 24564, freeMiB: 23012, source: 'nvidia-smi' },
    ]);
    expect(calls).toEqual([
      {
        cmd: 'nvidia-smi',
        args: ['--query-gpu=name,memory.total,memory.free', '--format=csv,noheader,nounits'],
        timeoutMs: 8000,
      },
    ]);
  });

  it('falls through missing tools in order and returns [] when none has anything', async () => {
    const { deps, order } = fakeRun({});
    expect(await probeGpus(deps, SERVER)).toEqual([]);
    expect(order()).toEqual([SERVER, 'nvidia-smi', 'clinfo', 'vulkaninfo']);
  });

  it('never throws, even when the runner itself does', async () => {
    const { deps } = fakeRun({
      [SERVER]: new Error('boom'),
      'nvidia-smi': new Error('boom'),
      clinfo: new Error('boom'),
      vulkaninfo: VULKANINFO,
    });
    expect(await probeGpus(deps, SERVER)).toEqual([
      { name: 'AMD Radeon RX 7900 XTX (RADV NAVI31)', totalMiB: null, freeMiB: null, source: 'vulkaninfo' },
    ]);
  });

  it('ignores the output of a tool that failed', async () => {
    const { deps } = fakeRun({ 'nvidia-smi': { ok: false, stdout: 'NVIDIA GeForce RTX 4090, 24564, 23012\n' } });
    expect(await probeGpus(deps)).toEqual([]);
  });

  it('moves on when the backend lists no devices', async () => {
    const { deps, order } = fakeRun({
      [SERVER]: { ok: true, stdout: 'Available devices:\n  (none)\n' },
      'nvidia-smi': NVIDIA_SMI,
    });
    expect((await probeGpus(deps, SERVER))[0]?.source).toBe('nvidia-smi');
    expect(order()).toEqual([SERVER, 'nvidia-smi']);
  });

  it('prefers total memory from clinfo over names only from vulkaninfo', async () => {
    const { deps } = fakeRun({ clinfo: CLINFO_WITH_MEMORY, vulkaninfo: VULKANINFO });
    expect(await probeGpus(deps)).toEqual([{ name: 'gfx1100', totalMiB: 24560, freeMiB: null, source: 'clinfo' }]);
  });

  it('keeps the first names-only answer when nothing knows memory', async () => {
    const { deps, order } = fakeRun({ clinfo: CLINFO, vulkaninfo: VULKANINFO });
    expect(await probeGpus(deps)).toEqual([
      { name: 'AMD Radeon RX 7900 XTX', totalMiB: null, freeMiB: null, source: 'clinfo' },
    ]);
    expect(order()).toEqual(['nvidia-smi', 'clinfo', 'vulkaninfo']);
  });

  it('keeps asking past a backend that lists devices without memory', async () => {
    const { deps } = fakeRun({
      [SERVER]: { ok: true, stdout: '  GPUOpenCL: Adreno 740 (0 MiB, 0 MiB free)\n' },
      'nvidia-smi': NVIDIA_SMI,
    });
    expect((await probeGpus(deps, SERVER))[0]?.source).toBe('nvidia-smi');
  });
});

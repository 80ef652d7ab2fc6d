// The llama-server argv of one launch: every flag, and the flags this llama.cpp
// rejects or defaults differently; the key of a launch is in server-args-key.test.ts,
// RPC workers in server-args-rpc.test.ts.
import { describe, expect, it } from 'vitest';
import type { BackendKind, LoadSettings } from '@shared/contract';
import { argsInput as input, flags, valueOf } from '@test-support/backend/server-args-input';
import { buildServerArgs, loadModeFor, NO_BROWSER_ORIGIN } from './server-args';

describe('buildServerArgs', () => {
  it('builds the full argv for plain settings on a GPU backend', () => {
    expect(buildServerArgs(input())).toEqual([
      '-m',
      '/models/qwen.gguf',
      '--host',
      '127.0.0.1',
      '--port',
      '8080',
      '-c',
      '4096',
      '-ngl',
      '33',
      '-b',
      '2048',
      '--parallel',
      '1',
      '--jinja',
      '--reasoning-format',
      'auto',
      '-fa',
      'auto',
      '--slots',
      '--log-verbosity',
      '4',
      '--cors-origins',
      NO_BROWSER_ORIGIN,
    ]);
  });

  it('builds every optional flag when everything is on', () => {
    const args = buildServerArgs(
      input(
        {
          threads: 8,
          jinja: true,
          reasoningFormat: 'deepseek',
          flashAttention: 'on',
          loraPath: '/l/a.gguf',
          mmprojPath: '/m/p.gguf',
          mlock: true,
          noMmap: true,
          metrics: true,
          parallel: 4,
          batchSize: 512,
          contextSize: 32768,
        },
        { backend: 'vulkan', host: '0.0.0.0', port: 9000, gpuLayers: 12 },
      ),
    );
    expect(args).toEqual([
      '-m',
      '/models/qwen.gguf',
      '--host',
      '0.0.0.0',
      '--port',
      '9000',
      '-c',
      '32768',
      '-ngl',
      '12',
      '--threads',
      '8',
      '-b',
      '512',
      '--parallel',
      '4',
      '--jinja',
      '--reasoning-format',
      'deepseek',
      '--lora',
      '/l/a.gguf',
      '--mmproj',
      '/m/p.gguf',
      '-fa',
      'on',
      '--load-mode',
      'mlock',
      '--no-slots',
      '--metrics',
      '--log-verbosity',
      '4',
    ]);
  });

  it('never repeats a flag, whatever the combination', () => {
    const booleans = ['jinja', 'mlock', 'noMmap', 'metrics', 'exposeOnNetwork'] as const;
    for (let mask = 0; mask < 1 << (booleans.length + 1); mask++) {
      const patch: Partial<LoadSettings> = {};
      booleans.forEach((name, bit) => (patch[name] = (mask & (1 << bit)) !== 0));
      if (mask & (1 << booleans.length)) patch.loraPath = '/l.gguf';
      for (const backend of ['cuda', 'cpu'] as const) {
        const used = flags(
          buildServerArgs(input(patch, { backend, host: patch.exposeOnNetwork ? '0.0.0.0' : '127.0.0.1' })),
        );
        expect(new Set(used).size).toBe(used.length);
      }
    }
  });

  it('omits -c when the context size is 0 (the model default)', () => {
    const args = buildServerArgs(input({ contextSize: 0 }));
    expect(args).not.toContain('-c');
    expect(args).not.toContain('--ctx-size');
  });

  it('never passes -ngl to the cpu backend, whatever the estimate says', () => {
    const args = buildServerArgs(input({}, { backend: 'cpu', gpuLayers: 99 }));
    expect(args).not.toContain('-ngl');
    expect(args).not.toContain('--gpu-layers');
  });

  it('passes -ngl 0 to a GPU backend when nothing fits', () => {
    expect(valueOf(buildServerArgs(input({}, { backend: 'opencl', gpuLayers: 0 })), '-ngl')).toBe('0');
  });

  it('passes --threads only when set', () => {
    expect(buildServerArgs(input({ threads: 0 }))).not.toContain('--threads');
    expect(valueOf(buildServerArgs(input({ threads: 6 })), '--threads')).toBe('6');
  });

  it('says --no-jinja when jinja is off, because this llama.cpp enables it by default', () => {
    const args = buildServerArgs(input({ jinja: false }));
    expect(args).toContain('--no-jinja');
    expect(args).not.toContain('--jinja');
  });

  it('passes the reasoning format and flash attention values through', () => {
    for (const format of ['auto', 'none', 'deepseek'] as const) {
      expect(valueOf(buildServerArgs(input({ reasoningFormat: format })), '--reasoning-format')).toBe(format);
    }
    for (const fa of ['auto', 'on', 'off'] as const) {
      expect(valueOf(buildServerArgs(input({ flashAttention: fa })), '-fa')).toBe(fa);
    }
  });

  it('never uses --mlock or --no-mmap, which this llama.cpp rejects as invalid arguments', () => {
    const args = buildServerArgs(input({ mlock: true, noMmap: true, loraPath: '/l.gguf' }));
    expect(args).not.toContain('--mlock');
    expect(args).not.toContain('--no-mmap');
    expect(args).not.toContain('--mmap');
  });

  it('turns mmap off for a LoRA adapter, once, even with noMmap also set', () => {
    expect(valueOf(buildServerArgs(input({ loraPath: '/l.gguf' })), '--load-mode')).toBe('none');
    const both = buildServerArgs(input({ loraPath: '/l.gguf', noMmap: true }));
    expect(both.filter((arg) => arg === '--load-mode')).toHaveLength(1);
    expect(valueOf(both, '--load-mode')).toBe('none');
  });

  it('keeps /slots for the Model info page on loopback, off when exposed (it shows every prompt), and gives no place to save slots unless asked', () => {
    const loopback = buildServerArgs(input({ metrics: true }, { host: '127.0.0.1' }));
    expect(loopback).toContain('--slots');
    expect(loopback).not.toContain('--no-slots');
    const exposed = buildServerArgs(input({ metrics: true, exposeOnNetwork: true }, { host: '0.0.0.0' }));
    expect(exposed).toContain('--no-slots');
    expect(exposed).not.toContain('--slots');
    for (const args of [loopback, exposed]) expect(args).not.toContain('--slot-save-path');
  });

  it('gives a loopback server the conversation cache folder, and an exposed one none (a key holder could save or restore any slot)', () => {
    const loopback = buildServerArgs({ ...input({}, { host: '127.0.0.1' }), slotSavePath: '/data/slots' });
    expect(valueOf(loopback, '--slot-save-path')).toBe('/data/slots');
    const exposed = buildServerArgs({
      ...input({ exposeOnNetwork: true }, { host: '0.0.0.0' }),
      slotSavePath: '/data/slots',
    });
    expect(exposed).not.toContain('--slot-save-path');
  });

  it('turns flash attention off for "auto" on the CPU backend only; a choice of on or off is kept', () => {
    expect(valueOf(buildServerArgs(input({ flashAttention: 'auto' }, { backend: 'cpu' })), '-fa')).toBe('off');
    expect(valueOf(buildServerArgs(input({ flashAttention: 'on' }, { backend: 'cpu' })), '-fa')).toBe('on');
    expect(valueOf(buildServerArgs(input({ flashAttention: 'auto' }, { backend: 'cuda' })), '-fa')).toBe('auto');
    expect(valueOf(buildServerArgs(input({ flashAttention: 'off' }, { backend: 'vulkan' })), '-fa')).toBe('off');
  });

  it('turns flash attention off for "auto" with RPC workers on any backend (their devices claim every operation; a CUDA worker aborted on it), and keeps "on"', () => {
    const withWorkers = (flashAttention: LoadSettings['flashAttention'], backend: BackendKind) => ({
      ...input({ flashAttention }, { backend }),
      rpcEndpoints: ['127.0.0.1:50052'],
    });
    expect(valueOf(buildServerArgs(withWorkers('auto', 'cuda')), '-fa')).toBe('off');
    expect(valueOf(buildServerArgs(withWorkers('auto', 'vulkan')), '-fa')).toBe('off');
    expect(valueOf(buildServerArgs(withWorkers('on', 'cuda')), '-fa')).toBe('on');
    expect(valueOf(buildServerArgs(withWorkers('off', 'cpu')), '-fa')).toBe('off');
  });

  it('allows no browser origin on loopback, and leaves CORS to llama.cpp when exposed to the network', () => {
    expect(valueOf(buildServerArgs(input({}, { host: '127.0.0.1' })), '--cors-origins')).toBe(
      'https://eva-desktop.invalid',
    );
    expect(buildServerArgs(input({ exposeOnNetwork: true }, { host: '0.0.0.0' }))).not.toContain('--cors-origins');
  });

  it('adds --metrics only when on', () => {
    expect(buildServerArgs(input({ metrics: true }))).toContain('--metrics');
    expect(buildServerArgs(input({ metrics: false }))).not.toContain('--metrics');
  });

  it('never puts an API key on the command line, where every local user can read it', () => {
    for (const host of ['127.0.0.1', '0.0.0.0']) {
      const args = buildServerArgs(input({ exposeOnNetwork: host !== '127.0.0.1' }, { host }));
      expect(args).not.toContain('--api-key');
      expect(args).not.toContain('--api-key-file');
    }
  });

  it('keeps paths with spaces as single argv entries (no shell quoting needed)', () => {
    const args = buildServerArgs(input({ modelPath: 'C:\\My Models\\q 4.gguf', mmprojPath: '/a b/mm.gguf' }));
    expect(valueOf(args, '-m')).toBe('C:\\My Models\\q 4.gguf');
    expect(valueOf(args, '--mmproj')).toBe('/a b/mm.gguf');
  });

  it('quotes a LoRA path that contains a comma so llama.cpp does not split it', () => {
    expect(valueOf(buildServerArgs(input({ loraPath: '/l/a,b.gguf' })), '--lora')).toBe('"/l/a,b.gguf"');
  });
});

describe('loadModeFor', () => {
  it('maps mlock, noMmap and LoRA onto --load-mode', () => {
    expect(loadModeFor({ mlock: false, noMmap: false, loraPath: '' })).toBeNull();
    expect(loadModeFor({ mlock: false, noMmap: true, loraPath: '' })).toBe('none');
    expect(loadModeFor({ mlock: true, noMmap: false, loraPath: '' })).toBe('mmap+mlock');
    expect(loadModeFor({ mlock: true, noMmap: true, loraPath: '' })).toBe('mlock');
    expect(loadModeFor({ mlock: false, noMmap: false, loraPath: '/l.gguf' })).toBe('none');
    expect(loadModeFor({ mlock: true, noMmap: false, loraPath: '/l.gguf' })).toBe('mlock');
  });
});

// Whether a new load needs a restart: the key of a launch and of its argv.
import { describe, expect, it } from 'vitest';
import type { LoadSettings } from '@shared/contract';
import { argsInput as input, argsSettings as settings } from '@test-support/backend/server-args-input';
import { buildServerArgs, effectiveArgsKey, launchKey } from './server-args';

describe('effectiveArgsKey', () => {
  it('is equal for equal argv and different for any change', () => {
    const a = buildServerArgs(input());
    expect(effectiveArgsKey(a)).toBe(effectiveArgsKey(buildServerArgs(input())));
    expect(effectiveArgsKey(a)).not.toBe(effectiveArgsKey(buildServerArgs(input({ contextSize: 8192 }))));
  });

  it('does not confuse one argument with spaces and two arguments', () => {
    expect(effectiveArgsKey(['-m', 'a b'])).not.toBe(effectiveArgsKey(['-m', 'a', 'b']));
  });
});

describe('launchKey', () => {
  const key = (
    patch: Partial<LoadSettings> = {},
    rest: Partial<{ backend: 'cuda' | 'vulkan' | 'cpu'; host: string; gpuLayers: number; userKey: string }> = {},
  ) =>
    launchKey({ settings: settings(patch), backend: 'cuda', host: '127.0.0.1', gpuLayers: 33, userKey: '', ...rest });

  it('is the same for the same settings, so an auto-chosen port never forces a restart', () => {
    expect(key({ port: null })).toBe(key({ port: null }));
    expect(key({ port: 8080 })).toBe(key({ port: 8080 }));
  });

  it('changes when the requested port changes', () => {
    expect(key({ port: 8080 })).not.toBe(key({ port: 8081 }));
    expect(key({ port: null })).not.toBe(key({ port: 8080 }));
  });

  it('changes with the backend, the host and the layer count', () => {
    expect(key({}, { backend: 'vulkan' })).not.toBe(key());
    expect(key({}, { host: '0.0.0.0' })).not.toBe(key());
    expect(key({}, { gpuLayers: 20 })).not.toBe(key());
  });

  it('ignores the layer count on the cpu backend, which never gets -ngl', () => {
    expect(key({}, { backend: 'cpu', gpuLayers: 0 })).toBe(key({}, { backend: 'cpu', gpuLayers: 33 }));
  });

  it('ignores settings that do not reach the command line', () => {
    // 'auto' vs a number that equals the estimate, and the backend choice that resolved to the same kind
    expect(key({ gpuLayers: 'auto', backend: 'auto' })).toBe(key({ gpuLayers: 33, backend: 'cuda' }));
    // exposeOnNetwork only matters through the host, which is passed separately
    expect(key({ exposeOnNetwork: true })).toBe(key({ exposeOnNetwork: false }));
  });

  it('changes for every setting that reaches the command line', () => {
    const changes: Partial<LoadSettings>[] = [
      { modelPath: '/other.gguf' },
      { contextSize: 0 },
      { threads: 4 },
      { batchSize: 512 },
      { parallel: 2 },
      { jinja: false },
      { reasoningFormat: 'none' },
      { flashAttention: 'off' },
      { loraPath: '/l.gguf' },
      { mmprojPath: '/m.gguf' },
      { mlock: true },
      { noMmap: true },
      { metrics: true },
    ];
    for (const change of changes) expect(key(change), JSON.stringify(change)).not.toBe(key());
  });

  it("changes with the user's API key without holding the key itself", () => {
    expect(key({}, { userKey: 'k1' })).not.toBe(key());
    expect(key({}, { userKey: 'k1' })).not.toBe(key({}, { userKey: 'k2' }));
    expect(key({}, { userKey: 'k1' })).toBe(key({}, { userKey: 'k1' }));
    expect(key({}, { userKey: 'sekret-value' })).not.toContain('sekret-value');
  });
});

import { describe, expect, it } from 'vitest';
import { poolModelIds, poolPreset } from './pool-preset';

describe('pool preset', () => {
  it('names models by file, unique whatever the case, in characters a URL keeps', () => {
    const ids = poolModelIds([
      { path: '/m/Qwen3 8B.Q4_K_M.gguf', contextSize: 0 },
      { path: '/other/qwen3 8b.q4_k_m.gguf', contextSize: 0 },
      { path: '/m/.gguf', contextSize: 0 },
    ]).map((model) => model.id);
    expect(ids).toEqual(['Qwen3-8B.Q4_K_M', 'qwen3-8b.q4_k_m-2', 'model']);
  });

  it('writes one section per model, the default context in [*], a model context beside its file', () => {
    const text = poolPreset(
      poolModelIds([
        { path: '/m/a.gguf', contextSize: 0 },
        { path: '/m/b.gguf', contextSize: 2048 },
      ]),
      4096,
    );
    expect(text).toBe(
      [
        'version = 1',
        '',
        '[*]',
        'ctx-size = 4096',
        '',
        '[a]',
        'model = /m/a.gguf',
        'load-on-startup = false',
        '',
        '[b]',
        'model = /m/b.gguf',
        'ctx-size = 2048',
        'load-on-startup = false',
        '',
      ].join('\n'),
    );
  });

  it('refuses a path that would break the file', () => {
    expect(() => poolPreset([{ id: 'x', path: '/m/a\nmodel = /etc/x.gguf', contextSize: 0 }], 0)).toThrow(/line break/);
  });
});

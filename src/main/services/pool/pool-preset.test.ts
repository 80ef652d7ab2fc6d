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

  it('writes each model its own speculative decoding: a draft with its lengths, or n-grams', () => {
    const draft = { mode: 'draft' as const, draftPath: '/m/small.gguf', draftMax: 8, draftMin: 2 };
    const text = poolPreset(
      poolModelIds([
        { path: '/m/a.gguf', contextSize: 0, speculative: draft },
        { path: '/m/b.gguf', contextSize: 0, speculative: { ...draft, mode: 'ngram' } },
        { path: '/m/c.gguf', contextSize: 0, speculative: { ...draft, mode: 'off' } },
        { path: '/m/d.gguf', contextSize: 0 },
      ]),
      0,
    );
    const section = (id: string) => text.split('\n\n').find((part) => part.startsWith(`[${id}]`));
    expect(section('a')).toBe(
      [
        '[a]',
        'model = /m/a.gguf',
        'spec-type = draft-simple',
        'spec-draft-model = /m/small.gguf',
        'spec-draft-n-max = 8',
        'spec-draft-n-min = 2',
        'load-on-startup = false',
      ].join('\n'),
    );
    expect(section('b')).toBe(
      ['[b]', 'model = /m/b.gguf', 'spec-type = ngram-mod', 'load-on-startup = false'].join('\n'),
    );
    expect(section('c')).not.toContain('spec-');
    expect(section('d')).not.toContain('spec-');
  });

  it('refuses a draft path that would break the file', () => {
    const speculative = { mode: 'draft' as const, draftPath: '/m/d.gguf\nmodel = /etc/x', draftMax: 3, draftMin: 0 };
    expect(() => poolPreset([{ id: 'x', path: '/m/a.gguf', contextSize: 0, speculative }], 0)).toThrow(/line break/);
  });
});

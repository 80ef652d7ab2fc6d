import { describe, expect, it } from 'vitest';
import { defaultSettings } from '@shared/default-settings';
import { routerArgs } from './router-args';

const load = {
  ...defaultSettings().load,
  modelPath: '/m/single.gguf',
  contextSize: 8192,
  threads: 3,
  loraPath: '/m/a.lora',
  mmprojPath: '/m/mm.gguf',
  exposeOnNetwork: true,
};

describe('routerArgs', () => {
  it('shares the single model’s flags, never its file, context, adapters or network exposure', () => {
    const args = routerArgs({ load, backend: 'cpu', port: 4000, presetPath: '/d/pool/models.ini', maxLoaded: 3 });
    expect(args).not.toContain('-m');
    expect(args.some((arg) => arg.includes('/m/'))).toBe(false);
    expect(args).not.toContain('-c');
    expect(args.slice(args.indexOf('--host'), args.indexOf('--host') + 4)).toEqual([
      '--host',
      '127.0.0.1',
      '--port',
      '4000',
    ]);
    expect(args.slice(args.indexOf('--threads'), args.indexOf('--threads') + 2)).toEqual(['--threads', '3']);
    expect(args.slice(-4)).toEqual(['--models-preset', '/d/pool/models.ini', '--models-max', '3']);
  });

  it('leaves the single model’s speculative decoding out: each model has its own in the preset', () => {
    const speculative = { mode: 'draft' as const, draftPath: '/d/small.gguf', draftMax: 3, draftMin: 0 };
    const args = routerArgs({ load: { ...load, speculative }, backend: 'cpu', port: 1, presetPath: 'p', maxLoaded: 1 });
    expect(args.filter((arg) => arg.startsWith('--spec'))).toEqual([]);
    expect(args).not.toContain('/d/small.gguf');
  });

  it('a GPU build offloads every layer; the CPU build passes no -ngl', () => {
    expect(routerArgs({ load, backend: 'vulkan', port: 1, presetPath: 'p', maxLoaded: 1 }).join(' ')).toContain(
      '-ngl 999',
    );
    expect(routerArgs({ load, backend: 'cpu', port: 1, presetPath: 'p', maxLoaded: 1 })).not.toContain('-ngl');
  });
});

import { describe, expect, it } from 'vitest';
import { getElectronBridge } from './electron-bridge';
import { modelDropOf, modelUploadOf } from './model-drop';
import type { EvaApi } from './types';

const eva: EvaApi = { invoke: async () => ({ ok: true, value: undefined as never }), on: () => () => {} };

describe('electron bridge', () => {
  it('is null outside Electron, and has no drop capability without the preload’s evaFiles', () => {
    expect(getElectronBridge({})).toBeNull();
    const bare = getElectronBridge({ eva });
    expect(bare).toBe(eva);
    expect(modelDropOf(bare as EvaApi)).toBeNull();
  });

  it("gives a dropped file's own path, and null for a file without one", () => {
    const paths = new Map<string, string>([['a.gguf', '/home/me/a.gguf']]);
    const api = getElectronBridge({ eva, evaFiles: { pathForFile: (file) => paths.get(file.name) ?? '' } }) as EvaApi;
    const drop = modelDropOf(api);
    expect(drop?.pathOf(new File([], 'a.gguf'))).toBe('/home/me/a.gguf');
    expect(drop?.pathOf(new File([], 'b.gguf'))).toBeNull();
    expect(modelUploadOf(api)).toBeNull();
  });
});

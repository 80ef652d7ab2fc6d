import { describe, expect, it } from 'vitest';
import { getElectronBridge } from './electron-bridge';
import type { EvaApi } from './types';

const eva: EvaApi = { invoke: async () => ({ ok: true, value: undefined as never }), on: () => () => {} };

describe('electron bridge', () => {
  it('is null outside Electron, and has no drop capability without the preload’s evaFiles', () => {
    expect(getElectronBridge({})).toBeNull();
    const bare = getElectronBridge({ eva });
    expect(bare).toBe(eva);
    expect(bare?.modelDrop).toBeUndefined();
  });

  it("gives a dropped file's own path, and null for a file without one", () => {
    const paths = new Map<string, string>([['a.gguf', '/home/me/a.gguf']]);
    const api = getElectronBridge({ eva, evaFiles: { pathForFile: (file) => paths.get(file.name) ?? '' } });
    const drop = api?.modelDrop;
    expect(drop?.pathOf(new File([], 'a.gguf'))).toBe('/home/me/a.gguf');
    expect(drop?.pathOf(new File([], 'b.gguf'))).toBeNull();
    expect(api?.modelUpload).toBeUndefined();
  });
});

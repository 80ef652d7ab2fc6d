// The library list and drops against the in-memory platform: folders in settings,
// a drop that is not a model, Electron's own path, and the browser host's upload with Cancel.
import { describe, expect, it } from 'vitest';
import { createMemoryPlatform, type MemoryPlatformOptions } from '../../platform/memory-platform';
import { createSettingsStore } from '../settings/settings-store';
import { createLibraryStore } from './library-store';

const settle = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));
const gguf = (name: string, bytes = 1000): File => new File([new Uint8Array(bytes)], name);

function setup(options: MemoryPlatformOptions = {}) {
  const api = createMemoryPlatform(options);
  const app = createSettingsStore(api);
  return { api, app, library: createLibraryStore({ api, app }) };
}

describe('library store', () => {
  it('lists the default folder first, then what an added folder holds, pairing a projector beside its model', async () => {
    const { library, api } = setup();
    await library.refresh();
    expect(library.store.getState().listing?.models).toEqual([]);
    await library.addFolder('/home/user/models');
    const models = library.store.getState().listing?.models ?? [];
    expect(models.map((m) => m.fileName)).toEqual([
      'mmproj-Qwen2.5-VL-3B-F16.gguf',
      'Qwen2.5-0.5B-Instruct-Q4_K_M.gguf',
      'Qwen2.5-VL-3B-Instruct-Q4_K_M.gguf',
    ]);
    expect(models.find((m) => m.fileName.startsWith('Qwen2.5-VL'))?.mmprojPath).toBe(
      '/home/user/models/vision/mmproj-Qwen2.5-VL-3B-F16.gguf',
    );
    expect(api.state.settings.models.folders).toEqual(['/home/user/models']);
  });

  it('removes a folder, and adding one twice keeps one', async () => {
    const { library, api } = setup();
    await library.refresh();
    await library.addFolder('/home/user/models');
    await library.addFolder('/home/user/models');
    expect(api.state.settings.models.folders).toEqual(['/home/user/models']);
    await library.removeFolder('/home/user/models');
    expect(api.state.settings.models.folders).toEqual([]);
    expect(library.store.getState().listing?.models).toEqual([]);
  });

  it('refuses a dropped file that is not a .gguf, and more than one file, with a note', async () => {
    const { library, api } = setup();
    expect(await library.takeDrop([gguf('photo.png')])).toBeNull();
    expect(library.store.getState().dropNote).toEqual({ kind: 'not-gguf', name: 'photo.png' });
    expect(await library.takeDrop([gguf('a.gguf'), gguf('b.gguf')])).toBeNull();
    expect(library.store.getState().dropNote).toEqual({ kind: 'too-many' });
    expect(api.calls).toEqual([]);
  });

  it("in Electron takes the dropped file's own path, uploading nothing", async () => {
    const { library } = setup({ dropMode: 'path' });
    expect(await library.takeDrop([gguf('tiny.gguf')])).toBe('/dropped/tiny.gguf');
    expect(library.store.getState().upload).toBeNull();
  });

  it('in the browser host uploads into the download folder with progress, then lists it', async () => {
    const { library } = setup();
    const seen: number[] = [];
    library.store.subscribe((state) => state.upload && seen.push(state.upload.sentBytes));
    const path = await library.takeDrop([gguf('tiny.gguf', 800)]);
    expect(path).toBe('/home/user/.eva/models/tiny.gguf');
    expect(seen).toEqual([0, 400, 800]);
    expect(library.store.getState().upload).toBeNull();
    await settle();
    expect(library.store.getState().listing?.models.map((m) => m.path)).toEqual(['/home/user/.eva/models/tiny.gguf']);
  });

  it('Cancel stops an upload: no path, no note, nothing added', async () => {
    const { library } = setup({ downloadStepMs: 50 });
    const pending = library.takeDrop([gguf('big.gguf')]);
    expect(library.store.getState().upload?.name).toBe('big.gguf');
    library.cancelUpload();
    expect(await pending).toBeNull();
    expect(library.store.getState()).toMatchObject({ upload: null, dropNote: null });
    await library.refresh();
    expect(library.store.getState().listing?.models).toEqual([]);
  });
});

// The file browser's navigation against the in-memory platform's pretend disk.
import { describe, expect, it } from 'vitest';
import { createMemoryPlatform } from '../../platform/memory-platform';
import { createFileBrowserStore } from './file-browser-store';

const settle = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

describe('file browser store', () => {
  it('starts at home, opens folders, goes up, and chooses a .gguf with the keyboard actions', async () => {
    const browser = createFileBrowserStore(createMemoryPlatform());
    const chosen = browser.open('model');
    await settle();
    const names = () => browser.store.getState().listing?.entries.map((e) => e.name);
    expect(browser.store.getState().listing?.path).toBe('/home/user');
    expect(names()).toEqual(['Downloads', 'models']);
    browser.move(1);
    await browser.activate();
    expect(browser.store.getState().listing?.path).toBe('/home/user/models');
    expect(names()).toEqual(['vision', 'Qwen2.5-0.5B-Instruct-Q4_K_M.gguf']);
    await browser.up();
    expect(browser.store.getState().listing?.path).toBe('/home/user');
    await browser.go('/home/user/models');
    browser.move(5);
    expect(browser.store.getState().active).toBe(1);
    await browser.activate();
    expect(await chosen).toBe('/home/user/models/Qwen2.5-0.5B-Instruct-Q4_K_M.gguf');
    expect(browser.store.getState().open).toBe(false);
  });

  it('in folder mode a file is not chosen; closing answers null', async () => {
    const browser = createFileBrowserStore(createMemoryPlatform());
    const chosen = browser.open('folder', '/home/user/models');
    await settle();
    browser.move(1);
    await browser.activate();
    expect(browser.store.getState().open).toBe(true);
    browser.close();
    expect(await chosen).toBeNull();
  });

  it('shows an error for a folder that is not there', async () => {
    const browser = createFileBrowserStore(createMemoryPlatform());
    void browser.open('model', '/nowhere');
    await settle();
    expect(browser.store.getState().error?.code).toBe('not_found');
  });
});

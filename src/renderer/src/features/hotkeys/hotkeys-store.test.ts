import { describe, expect, it } from 'vitest';
import { DEFAULT_HOTKEYS } from '@shared/hotkeys/hotkey-settings';
import { createMemoryPlatform } from '../../platform/memory-platform';
import { createSettingsStore } from '../settings/settings-store';
import { createHotkeysStore } from './hotkeys-store';

const key = (
  code: string,
  mods: Partial<{ ctrlKey: boolean; altKey: boolean; shiftKey: boolean; metaKey: boolean }> = {},
) => ({ code, ctrlKey: false, altKey: false, shiftKey: false, metaKey: false, ...mods });

function setup(options: Parameters<typeof createMemoryPlatform>[0] = {}) {
  const api = createMemoryPlatform(options);
  const app = createSettingsStore(api);
  const hotkeys = createHotkeysStore(api, app);
  return { api, app, hotkeys };
}

describe('hotkeys store', () => {
  it('hands global presses (hotkey:pressed) to subscribers of that action only', async () => {
    const { api, hotkeys } = setup();
    const heard: string[] = [];
    hotkeys.on('record', () => heard.push('record'));
    const off = hotkeys.on('screenshot', () => heard.push('screenshot'));
    const stop = hotkeys.start();
    api.emit('hotkey:pressed', { action: 'record' });
    off();
    api.emit('hotkey:pressed', { action: 'screenshot' });
    stop();
    api.emit('hotkey:pressed', { action: 'record' });
    expect(heard).toEqual(['record']);
  });

  it('matches page keys only for bindings that are not global', async () => {
    const browser = setup();
    await browser.hotkeys.refresh();
    expect(browser.hotkeys.actionFor(key('F1'), false)).toBe('screenshot');
    expect(browser.hotkeys.actionFor(key('F1', { shiftKey: true }), false)).toBe('screenshotRegion');
    expect(browser.hotkeys.actionFor(key('F2'), false)).toBe('record');
    expect(browser.hotkeys.actionFor(key('F2', { ctrlKey: true }), false)).toBeNull();
    expect(browser.hotkeys.actionFor(key('KeyA'), false)).toBeNull();

    // Electron with F2 held by another app: F1 is global (the OS delivers it), F2 falls back to the page.
    const electron = setup({ takenHotkeys: ['F2'] });
    await electron.hotkeys.refresh();
    expect(electron.hotkeys.actionFor(key('F1'), false)).toBeNull();
    expect(electron.hotkeys.actionFor(key('F2'), false)).toBe('record');
    expect(electron.hotkeys.status.getState()?.bindings[2]).toMatchObject({
      scope: 'page',
      problem: { code: 'taken' },
    });
  });

  it('a press before the core said where bindings work is held, then fired if the page owns that binding', async () => {
    const browser = setup();
    const heard: string[] = [];
    browser.hotkeys.on('screenshot', () => heard.push('screenshot'));
    expect(browser.hotkeys.press(key('F1'), false)).toBe(true);
    expect(browser.hotkeys.press(key('KeyA'), false)).toBe(false);
    expect(heard).toEqual([]);
    await browser.hotkeys.refresh();
    expect(heard).toEqual(['screenshot']);
    // Once known, a press fires at once, and a second refresh does not fire the old press again.
    expect(browser.hotkeys.press(key('F1'), false)).toBe(true);
    await browser.hotkeys.refresh();
    expect(heard).toEqual(['screenshot', 'screenshot']);

    // Electron: F1 is global (the OS delivers it to the core), so a held F1 is not fired a second time by the page.
    const electron = setup({ takenHotkeys: ['F2'] });
    const electronHeard: string[] = [];
    electron.hotkeys.on('screenshot', () => electronHeard.push('screenshot'));
    expect(electron.hotkeys.press(key('F1'), false)).toBe(true);
    await electron.hotkeys.refresh();
    expect(electronHeard).toEqual([]);
  });

  it('saves all bindings through settings:update and reads back where they work', async () => {
    const { api, app, hotkeys } = setup();
    await app.refresh();
    const saved = await hotkeys.save({ screenshot: 'F3', screenshotRegion: '', record: 'Ctrl+Alt+R' });
    expect(saved.ok).toBe(true);
    expect(api.state.settings.hotkeys).toEqual({ screenshot: 'F3', screenshotRegion: '', record: 'Ctrl+Alt+R' });
    expect(app.store.getState().settings?.hotkeys.screenshot).toBe('F3');
    expect(hotkeys.actionFor(key('F3'), false)).toBe('screenshot');
    expect(hotkeys.actionFor(key('F1'), false)).toBeNull();
  });

  it('a conflicting set is refused at the boundary and nothing changes', async () => {
    const { api, app, hotkeys } = setup();
    await app.refresh();
    const saved = await hotkeys.save({ ...DEFAULT_HOTKEYS, record: 'F1' });
    expect(saved).toMatchObject({
      ok: false,
      error: { code: 'bad_request', message: expect.stringContaining('also the') },
    });
    expect(api.state.settings.hotkeys).toEqual(DEFAULT_HOTKEYS);
  });
});

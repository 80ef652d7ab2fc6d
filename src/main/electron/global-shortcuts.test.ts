// F1/F2 through Electron's globalShortcut (a stand-in electron) and the hotkey
// service the core runs them with: the configured accelerators are taken,
// re-taken on change, a taken one reported, and all given back.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { globalShortcut } from 'electron';
import { DEFAULT_HOTKEYS } from '@shared/hotkeys/hotkey-settings';
import { standIn } from '@test-support/electron/stand-in-electron';
import { createHotkeyService } from '../services/hotkeys/hotkey-service';
import { electronGlobalShortcuts } from './global-shortcuts';

vi.mock('electron', async () => (await import('@test-support/electron/stand-in-electron')).electronModule);

beforeEach(() => standIn.reset());

const held = () => [...standIn.globalShortcut.held.keys()].sort();

function service() {
  const pressed: string[] = [];
  const hotkeys = createHotkeyService({
    shortcuts: electronGlobalShortcuts(),
    emit: (event, payload) => pressed.push(`${event} ${(payload as { action: string }).action}`),
  });
  return { hotkeys, pressed };
}

describe('global shortcuts (stand-in electron)', () => {
  it('passes register and unregister through to globalShortcut, by default Electron own', () => {
    const port = electronGlobalShortcuts();
    const onPress = vi.fn();
    expect(port.register('F9', onPress)).toBe(true);
    expect(globalShortcut.isRegistered('F9')).toBe(true);
    standIn.globalShortcut.press('F9');
    expect(onPress).toHaveBeenCalledTimes(1);
    port.unregister('F9');
    expect(globalShortcut.isRegistered('F9')).toBe(false);
  });

  it('takes the configured accelerators, and a press reaches the core as hotkey:pressed', () => {
    const { hotkeys, pressed } = service();
    const status = hotkeys.apply(DEFAULT_HOTKEYS);
    expect(held()).toEqual(['F1', 'F2', 'Shift+F1']);
    expect(status.bindings.map((binding) => binding.scope)).toEqual(['global', 'global', 'global']);
    standIn.globalShortcut.press('F2');
    standIn.globalShortcut.press('F1');
    expect(pressed).toEqual(['hotkey:pressed record', 'hotkey:pressed screenshot']);
  });

  it('gives the old keys back and takes the new ones when the settings change', () => {
    const { hotkeys } = service();
    hotkeys.apply(DEFAULT_HOTKEYS);
    hotkeys.apply({ screenshot: 'Ctrl+Alt+P', screenshotRegion: '', record: 'F4' });
    expect(held()).toEqual(['Ctrl+Alt+P', 'F4']);
  });

  it('reports an accelerator another application holds, and keeps it on the page', () => {
    standIn.globalShortcut.taken.add('F2');
    const { hotkeys } = service();
    const status = hotkeys.apply(DEFAULT_HOTKEYS);
    expect(held()).toEqual(['F1', 'Shift+F1']);
    expect(status.bindings.find((binding) => binding.action === 'record')).toMatchObject({
      scope: 'page',
      problem: { code: 'taken', message: expect.stringContaining('F2 is taken') },
    });
    expect(hotkeys.status()).toBe(status);
  });

  it('gives every key back on release, leaving shortcuts it did not take alone', () => {
    standIn.globalShortcut.register('Ctrl+Shift+X', () => {});
    const { hotkeys } = service();
    hotkeys.apply(DEFAULT_HOTKEYS);
    hotkeys.release();
    expect(held()).toEqual(['Ctrl+Shift+X']);
  });
});

// The tray: its menu's items and what each does, through a stand-in electron.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { BrowserWindow } from 'electron';
import { standIn, type StandInBrowserWindow } from '@test-support/electron/stand-in-electron';
import { createTray, trayMenuTemplate } from './tray';

vi.mock('electron', async () => (await import('@test-support/electron/stand-in-electron')).electronModule);

beforeEach(() => standIn.reset());

describe('trayMenuTemplate', () => {
  it('offers Show, Hide and Quit, each calling its action', () => {
    const calls: string[] = [];
    const template = trayMenuTemplate({
      show: () => calls.push('show'),
      hide: () => calls.push('hide'),
      quit: () => calls.push('quit'),
    });
    expect(template.map((item) => item.label ?? item.type)).toEqual(['Show', 'Hide', 'separator', 'Quit']);
    for (const item of template) (item.click as (() => void) | undefined)?.();
    expect(calls).toEqual(['show', 'hide', 'quit']);
  });
});

describe('the tray (stand-in electron)', () => {
  function setUp(window: () => StandInBrowserWindow | null) {
    const quit = vi.fn();
    createTray('/app/resources/icons/eva.png', window as never, quit);
    const [tray] = standIn.trays;
    if (!tray) throw new Error('no tray');
    return { tray, quit };
  }

  it('has the icon and the tooltip', () => {
    const { tray } = setUp(() => null);
    expect(tray.image).toEqual({ path: '/app/resources/icons/eva.png' });
    expect(tray.toolTip).toBe('EVA Desktop');
  });

  it('Show and a click on the icon bring the window forward; Hide hides it; Quit quits', () => {
    const win = new BrowserWindow() as unknown as StandInBrowserWindow;
    const { tray, quit } = setUp(() => win);
    tray.item('Show').click?.();
    expect([win.isVisible(), win.isFocused()]).toEqual([true, true]);
    tray.item('Hide').click?.();
    expect(win.isVisible()).toBe(false);
    win.minimize();
    tray.emit('click');
    expect([win.isVisible(), win.isMinimized(), win.isFocused()]).toEqual([true, false, true]);
    expect(quit).not.toHaveBeenCalled();
    tray.item('Quit').click?.();
    expect(quit).toHaveBeenCalledTimes(1);
  });

  it('does nothing, and does not throw, without a window or with a closed one', () => {
    let win: StandInBrowserWindow | null = null;
    const { tray } = setUp(() => win);
    tray.item('Show').click?.();
    tray.item('Hide').click?.();
    win = new BrowserWindow() as unknown as StandInBrowserWindow;
    win.destroy();
    expect(() => tray.item('Show').click?.()).not.toThrow();
    expect(() => tray.item('Hide').click?.()).not.toThrow();
    expect(() => tray.emit('click')).not.toThrow();
  });
});

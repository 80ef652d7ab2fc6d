// The hotkey service against a stand-in for Electron's globalShortcut (the one
// part that cannot run here): what it registers, what it gives back, and how a
// key another application holds is reported.
import { describe, expect, it } from 'vitest';
import type { EventName, EventPayloads } from '@shared/contract';
import { DEFAULT_HOTKEYS } from '@shared/hotkeys/hotkey-settings';
import { createHotkeyService, type GlobalShortcuts } from './hotkey-service';

function shortcutsHeldElsewhere(taken: string[]): GlobalShortcuts & { live: Map<string, () => void> } {
  const live = new Map<string, () => void>();
  return {
    live,
    register: (accelerator, onPress) => {
      if (taken.includes(accelerator) || live.has(accelerator)) return false;
      live.set(accelerator, onPress);
      return true;
    },
    unregister: (accelerator) => void live.delete(accelerator),
  };
}

const recorder = () => {
  const events: Array<[EventName, unknown]> = [];
  const emit = <E extends EventName>(event: E, payload: EventPayloads[E]) => void events.push([event, payload]);
  return { events, emit };
};

describe('hotkey service', () => {
  it('registers every binding globally and fires hotkey:pressed with the action', () => {
    const shortcuts = shortcutsHeldElsewhere([]);
    const { events, emit } = recorder();
    const status = createHotkeyService({ shortcuts, emit }).apply(DEFAULT_HOTKEYS);
    expect(status.bindings.map((b) => [b.action, b.accelerator, b.scope])).toEqual([
      ['screenshot', 'F1', 'global'],
      ['screenshotRegion', 'Shift+F1', 'global'],
      ['record', 'F2', 'global'],
    ]);
    shortcuts.live.get('F2')?.();
    shortcuts.live.get('Shift+F1')?.();
    expect(events).toEqual([
      ['hotkey:pressed', { action: 'record' }],
      ['hotkey:pressed', { action: 'screenshotRegion' }],
    ]);
  });

  it('reports a key held by another application and falls back to the page', () => {
    const service = createHotkeyService({ shortcuts: shortcutsHeldElsewhere(['F1']), emit: recorder().emit });
    const screenshot = service.apply(DEFAULT_HOTKEYS).bindings[0];
    expect(screenshot).toMatchObject({
      action: 'screenshot',
      accelerator: 'F1',
      scope: 'page',
      problem: { code: 'taken', message: expect.stringContaining('F1 is taken by another application') },
    });
    expect(service.status().bindings[0]).toEqual(screenshot);
  });

  it('a throwing register (a malformed accelerator) is a problem, not a crash', () => {
    const shortcuts: GlobalShortcuts = {
      register: () => {
        throw new Error('conversion failed');
      },
      unregister: () => undefined,
    };
    const status = createHotkeyService({ shortcuts, emit: recorder().emit }).apply(DEFAULT_HOTKEYS);
    expect(status.bindings.every((b) => b.scope === 'page' && b.problem?.code === 'taken')).toBe(true);
  });

  it('gives back the old keys when new ones are applied, and all of them on release', () => {
    const shortcuts = shortcutsHeldElsewhere([]);
    const service = createHotkeyService({ shortcuts, emit: recorder().emit });
    service.apply(DEFAULT_HOTKEYS);
    service.apply({ screenshot: 'F3', screenshotRegion: '', record: 'Ctrl+Alt+R' });
    expect([...shortcuts.live.keys()].sort()).toEqual(['Ctrl+Alt+R', 'F3']);
    expect(service.status().bindings[1]).toEqual({
      action: 'screenshotRegion',
      accelerator: '',
      scope: 'off',
      problem: null,
    });
    service.release();
    expect(shortcuts.live.size).toBe(0);
  });

  it('turns off invalid or colliding bindings with the reason, and registers the rest', () => {
    const shortcuts = shortcutsHeldElsewhere([]);
    const status = createHotkeyService({ shortcuts, emit: recorder().emit }).apply({
      screenshot: 'F5',
      screenshotRegion: 'Ctrl+Enter',
      record: 'F5',
    });
    expect(status.bindings.map((b) => [b.scope, b.problem?.code])).toEqual([
      ['off', 'duplicate'],
      ['off', 'reserved_send'],
      ['off', 'duplicate'],
    ]);
    expect(shortcuts.live.size).toBe(0);
  });

  it('without global shortcuts (the browser host) every binding is a page binding', () => {
    const status = createHotkeyService({ shortcuts: null, emit: recorder().emit }).apply(DEFAULT_HOTKEYS);
    expect(status.bindings.map((b) => b.scope)).toEqual(['page', 'page', 'page']);
    expect(status.bindings.every((b) => b.problem === null)).toBe(true);
  });
});

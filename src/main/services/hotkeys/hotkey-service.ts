// Which hotkeys are live and where. Electron hands in its globalShortcut (as
// the small GlobalShortcuts port), so F1/F2 work while the app runs, also
// hidden in the tray; the browser host has none, so every binding is a page
// binding the renderer handles while it has focus. A binding another
// application holds is not dropped: it falls back to the page and says why.
import type { EventSink } from '../events/event-bus';
import {
  checkHotkeys,
  HOTKEY_ACTIONS,
  type HotkeyBinding,
  type HotkeySettings,
  type HotkeyStatus,
} from '@shared/hotkeys/hotkey-settings';

/** The slice of Electron's globalShortcut the service uses. */
export interface GlobalShortcuts {
  /** false when the keys could not be taken (another application holds them) */
  register(accelerator: string, onPress: () => void): boolean;
  unregister(accelerator: string): void;
}

export interface HotkeyService {
  /** Drop the previous bindings and take these; returns where each one works. */
  apply(settings: HotkeySettings): HotkeyStatus;
  status(): HotkeyStatus;
  /** Give every global shortcut back (on quit); `apply` takes them again. */
  release(): void;
}

export function createHotkeyService(deps: { shortcuts: GlobalShortcuts | null; emit: EventSink }): HotkeyService {
  let current: HotkeyStatus = {
    bindings: HOTKEY_ACTIONS.map((action) => ({ action, accelerator: '', scope: 'off', problem: null })),
  };
  let held: string[] = [];

  const release = (): void => {
    for (const accelerator of held) {
      try {
        deps.shortcuts?.unregister(accelerator);
      } catch {
        // Unregistering keys we no longer hold (the OS took them back) is not an error worth stopping for.
      }
    }
    held = [];
  };

  const bind = (action: HotkeyBinding['action'], accelerator: string): HotkeyBinding => {
    if (!deps.shortcuts) return { action, accelerator, scope: 'page', problem: null };
    let taken = false;
    try {
      taken = deps.shortcuts.register(accelerator, () => deps.emit('hotkey:pressed', { action }));
    } catch {
      taken = false;
    }
    if (taken) {
      held.push(accelerator);
      return { action, accelerator, scope: 'global', problem: null };
    }
    const message = `${accelerator} is taken by another application, so it works only while EVA's window has focus`;
    return { action, accelerator, scope: 'page', problem: { action, code: 'taken', message } };
  };

  return {
    apply(settings) {
      release();
      const { bindings, problems } = checkHotkeys(settings);
      current = {
        bindings: HOTKEY_ACTIONS.map((action): HotkeyBinding => {
          const parsed = bindings.find((binding) => binding.action === action);
          if (parsed) return bind(action, parsed.text);
          const problem = problems.find((p) => p.action === action) ?? null;
          return { action, accelerator: settings[action].trim(), scope: 'off', problem };
        }),
      };
      return current;
    },
    status: () => current,
    release,
  };
}

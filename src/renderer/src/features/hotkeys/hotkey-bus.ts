// Where hotkey presses meet the features that act on them. Both sources feed
// it: Electron's global shortcuts (the `hotkey:pressed` event) and the page's
// own keydown handler. Features subscribe with `on('record', start)`; they
// never care which source it was.
import type { HotkeyAction } from '@shared/hotkeys/hotkey-settings';

export interface HotkeyBus {
  /** Call `listener` on every press of `action`; returns the unsubscribe function. */
  on(action: HotkeyAction, listener: () => void): () => void;
  fire(action: HotkeyAction): void;
  /** whether anything listens to `action` (a page key with no listener is left to the browser) */
  has(action: HotkeyAction): boolean;
}

export function createHotkeyBus(): HotkeyBus {
  const listeners = new Map<HotkeyAction, Set<() => void>>();
  return {
    on(action, listener) {
      const set = listeners.get(action) ?? new Set();
      listeners.set(action, set);
      set.add(listener);
      return () => set.delete(listener);
    },
    fire(action) {
      for (const listener of [...(listeners.get(action) ?? [])]) {
        try {
          listener();
        } catch (error) {
          // One broken subscriber must not keep the others from hearing the key.
          console.error(`hotkey ${action} listener failed`, error);
        }
      }
    },
    has: (action) => (listeners.get(action)?.size ?? 0) > 0,
  };
}

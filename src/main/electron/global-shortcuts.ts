// The hotkey service's port onto Electron's globalShortcut. Only what we
// registered is ever unregistered, so other code's shortcuts are left alone.
import { globalShortcut, type GlobalShortcut } from 'electron';
import type { GlobalShortcuts } from '../services/hotkeys/hotkey-service';

export function electronGlobalShortcuts(
  shortcuts: Pick<GlobalShortcut, 'register' | 'unregister'> = globalShortcut,
): GlobalShortcuts {
  return {
    // register returns false (or throws on a malformed accelerator) when the keys cannot be taken.
    register: (accelerator, onPress) => shortcuts.register(accelerator, onPress),
    unregister: (accelerator) => shortcuts.unregister(accelerator),
  };
}

// Hotkeys in the renderer: the bus features subscribe to, where each binding
// works (`hotkeys:status`), the page's key matching, and saving new bindings.
// Free of React and the DOM; the keydown listener lives in use-page-hotkeys.
import { parseAccelerator, matchesEvent, type KeyEventInfo } from '@shared/hotkeys/accelerator';
import {
  DEFAULT_HOTKEYS,
  HOTKEY_ACTIONS,
  type HotkeyAction,
  type HotkeySettings,
  type HotkeyStatus,
} from '@shared/hotkeys/hotkey-settings';
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { EvaApi, Result } from '../../platform/types';
import type { SettingsStore } from '../settings/settings-store';
import { createHotkeyBus, type HotkeyBus } from './hotkey-bus';

export interface HotkeysStore {
  /** `model.hotkeys.on('record', cb)`: the voice UI's hook point; returns the unsubscribe function */
  on: HotkeyBus['on'];
  bus: HotkeyBus;
  status: StoreApi<HotkeyStatus | null>;
  /** the hotkeys settings panel */
  panelOpen: StoreApi<boolean>;
  /** listen for global presses and fetch the status; returns the teardown */
  start(): () => void;
  refresh(): Promise<void>;
  /**
   * The action a key press on the page triggers: bindings that are not global (the browser host, or keys another app
   * holds).
   */
  actionFor(event: KeyEventInfo, isMac: boolean): HotkeyAction | null;
  /**
   * A key press on the page: fires its action, or, pressed before the core has said where each
   * binding works (the first moments after the page opens), holds it and fires it once the
   * answer makes it a page binding. True when the press was the page's (the browser must not act on it).
   */
  press(event: KeyEventInfo, isMac: boolean): boolean;
  /** Save all bindings (the core validates and applies them) and fetch where they work now. */
  save(settings: HotkeySettings): Promise<Result<HotkeyStatus>>;
}

export function createHotkeysStore(api: EvaApi, app: SettingsStore): HotkeysStore {
  const bus = createHotkeyBus();
  const status = createStore<HotkeyStatus | null>()(() => null);
  let ticket = 0;
  /** pressed before the status came */
  let held: HotkeyAction | null = null;

  const actionFor = (event: KeyEventInfo, isMac: boolean): HotkeyAction | null => {
    for (const binding of status.getState()?.bindings ?? []) {
      if (binding.scope !== 'page') continue;
      const parsed = parseAccelerator(binding.accelerator);
      if (parsed.ok && matchesEvent(parsed.value, event, isMac)) return binding.action;
    }
    return null;
  };

  /** What the saved bindings (the defaults before settings arrive) would make of the keys. */
  const savedActionFor = (event: KeyEventInfo, isMac: boolean): HotkeyAction | null => {
    const saved = app.store.getState().settings?.hotkeys ?? DEFAULT_HOTKEYS;
    for (const action of HOTKEY_ACTIONS) {
      const parsed = parseAccelerator(saved[action]);
      if (parsed.ok && matchesEvent(parsed.value, event, isMac)) return action;
    }
    return null;
  };

  const refresh = async (): Promise<void> => {
    const mine = ++ticket;
    const result = await api.invoke('hotkeys:status');
    if (mine !== ticket || !result.ok) return;
    status.setState(result.value, true);
    const waiting = held;
    held = null;
    // A global binding's press never reaches the page, so a held press is the page's only when its binding is.
    if (
      waiting !== null &&
      result.value.bindings.some((binding) => binding.action === waiting && binding.scope === 'page') &&
      bus.has(waiting)
    )
      bus.fire(waiting);
  };

  return {
    on: bus.on,
    bus,
    status,
    panelOpen: createStore<boolean>()(() => false),
    start: () => {
      const stop = api.on('hotkey:pressed', ({ action }) => bus.fire(action));
      void refresh();
      return stop;
    },
    refresh,
    actionFor,
    press(event, isMac) {
      if (status.getState() === null) {
        const action = savedActionFor(event, isMac);
        if (action === null) return false;
        held = action;
        return true;
      }
      const action = actionFor(event, isMac);
      if (action === null || !bus.has(action)) return false;
      bus.fire(action);
      return true;
    },
    async save(settings) {
      const saved = await app.updateSettings({ hotkeys: settings });
      if (!saved.ok) return saved;
      await refresh();
      const now = status.getState();
      return now
        ? { ok: true, value: now }
        : {
            ok: false,
            error: { code: 'internal', message: 'the hotkeys were saved but their status could not be read' },
          };
    },
  };
}

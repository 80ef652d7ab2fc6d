// The hotkeys' part of the contract: where each one works, and the presses of
// global ones.
import { channel, emptyInput } from '../contract-parts';
import type { HotkeyAction, HotkeyStatus } from './hotkey-settings';

export const hotkeysChannels = {
  /** Where each hotkey works now (global, page only, off) and why not global. */
  'hotkeys:status': channel<typeof emptyInput, HotkeyStatus>(emptyInput),
} as const;

export interface HotkeysEventPayloads {
  /** a global hotkey was pressed (Electron); page hotkeys are seen by the renderer itself */
  'hotkey:pressed': { action: HotkeyAction };
}

export const HOTKEYS_EVENT_NAMES: Record<keyof HotkeysEventPayloads, true> = { 'hotkey:pressed': true };

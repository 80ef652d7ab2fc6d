// The hotkeys form, pure: what a key press in a binding field records, and the
// message for each binding's problem (the same check the core runs on save).
import { acceleratorFromEvent, formatAccelerator, type KeyEventInfo } from '@shared/hotkeys/accelerator';
import {
  checkHotkeys,
  type HotkeyAction,
  type HotkeyBinding,
  type HotkeyProblemCode,
  type HotkeySettings,
} from '@shared/hotkeys/hotkey-settings';
import type { MessageKey, MessageVars } from '../../i18n';

export const PROBLEM_KEYS: Record<HotkeyProblemCode, MessageKey> = {
  syntax: 'hotkeys.problem.syntax',
  reserved_send: 'hotkeys.problem.reservedSend',
  reserved_cancel: 'hotkeys.problem.reservedCancel',
  reserved_edit: 'hotkeys.problem.reservedEdit',
  needs_modifier: 'hotkeys.problem.needsModifier',
  duplicate: 'hotkeys.problem.duplicate',
  taken: 'hotkeys.problem.taken',
};

export const ACTION_KEYS: Record<HotkeyAction, MessageKey> = {
  screenshot: 'hotkeys.action.screenshot',
  screenshotRegion: 'hotkeys.action.screenshotRegion',
  record: 'hotkeys.action.record',
};

export type KeyFieldEdit = { kind: 'set'; value: string } | { kind: 'pass' };

/**
 * What a key press in a binding field does: Tab and Escape keep their usual
 * jobs (move on, close), a bare Backspace/Delete clears the binding, anything
 * else that names a key becomes the binding (problems are shown, not refused).
 */
export function keyFieldEdit(event: KeyEventInfo, isMac: boolean): KeyFieldEdit {
  const bare = !event.ctrlKey && !event.altKey && !event.shiftKey && !event.metaKey;
  if (
    event.code === 'Escape' ||
    (event.code === 'Tab' && (bare || (event.shiftKey && !event.ctrlKey && !event.altKey && !event.metaKey)))
  )
    return { kind: 'pass' };
  if (bare && (event.code === 'Backspace' || event.code === 'Delete')) return { kind: 'set', value: '' };
  const accelerator = acceleratorFromEvent(event, isMac);
  return accelerator ? { kind: 'set', value: formatAccelerator(accelerator) } : { kind: 'pass' };
}

/** The message for each binding that cannot be saved as it is. */
export function formProblems(
  values: HotkeySettings,
): Partial<Record<HotkeyAction, { key: MessageKey; vars?: MessageVars }>> {
  const out: Partial<Record<HotkeyAction, { key: MessageKey; vars?: MessageVars }>> = {};
  for (const problem of checkHotkeys(values).problems)
    out[problem.action] ??= { key: PROBLEM_KEYS[problem.code], vars: { keys: values[problem.action] } };
  return out;
}

/** The bindings another application holds, to announce once each. */
export function takenBindings(bindings: readonly HotkeyBinding[]): HotkeyBinding[] {
  return bindings.filter((binding) => binding.problem?.code === 'taken');
}

// The hotkeys the user can set, their defaults, and the validation every host
// runs before saving them. The send key is not here: it is `chat.sendKey`, set
// with the chat, and always an Enter combination (which hotkeys may not use).
import { z } from 'zod';
import { acceleratorProblem, formatAccelerator, parseAccelerator, sameKeys, type Accelerator } from './accelerator';

export const HOTKEY_ACTIONS = ['screenshot', 'screenshotRegion', 'record'] as const;
/** What a hotkey does: F1 full-screen screenshot, Shift+F1 region screenshot, F2 start/stop recording. */
export type HotkeyAction = (typeof HOTKEY_ACTIONS)[number];

/** Accelerator per action; '' turns the action's hotkey off. */
export const HotkeySettingsSchema = z.object({
  screenshot: z.string().max(64),
  screenshotRegion: z.string().max(64),
  record: z.string().max(64),
});
export type HotkeySettings = z.infer<typeof HotkeySettingsSchema>;

export const DEFAULT_HOTKEYS: HotkeySettings = { screenshot: 'F1', screenshotRegion: 'Shift+F1', record: 'F2' };

export type HotkeyProblemCode =
  'syntax' | 'reserved_send' | 'reserved_cancel' | 'reserved_edit' | 'needs_modifier' | 'duplicate' | 'taken';

/** Why one binding cannot work. */
export interface HotkeyProblem {
  action: HotkeyAction;
  code: HotkeyProblemCode;
  message: string;
}

/** A usable binding, parsed. */
export interface ParsedBinding {
  action: HotkeyAction;
  accelerator: Accelerator;
  /** canonical spelling */
  text: string;
}

/**
 * Parse every binding and find what is wrong: bad syntax, keys that would fire
 * while typing or steal Enter/Escape/editing shortcuts, and two actions on the
 * same keys (both are reported). Bindings with a problem are left out of `bindings`.
 */
export function checkHotkeys(settings: HotkeySettings): { bindings: ParsedBinding[]; problems: HotkeyProblem[] } {
  const problems: HotkeyProblem[] = [];
  const parsed: ParsedBinding[] = [];
  for (const action of HOTKEY_ACTIONS) {
    const text = settings[action];
    if (text.trim() === '') continue;
    const result = parseAccelerator(text);
    if (!result.ok) {
      problems.push({ action, code: 'syntax', message: result.message });
      continue;
    }
    const problem = acceleratorProblem(result.value);
    if (problem) problems.push({ action, ...problem });
    else parsed.push({ action, accelerator: result.value, text: formatAccelerator(result.value) });
  }
  const duplicates = new Set<HotkeyAction>();
  for (const a of parsed) {
    for (const b of parsed) {
      if (a !== b && sameKeys(a.accelerator, b.accelerator)) {
        duplicates.add(a.action);
        problems.push({ action: a.action, code: 'duplicate', message: `${a.text} is also the ${b.action} hotkey` });
      }
    }
  }
  return { bindings: parsed.filter((binding) => !duplicates.has(binding.action)), problems };
}

/** The settings with every binding in canonical spelling (the ones that parse). */
export function canonicalHotkeys(settings: HotkeySettings): HotkeySettings {
  const out = { ...settings };
  for (const action of HOTKEY_ACTIONS) {
    const parsed = parseAccelerator(settings[action]);
    out[action] = settings[action].trim() === '' ? '' : parsed.ok ? formatAccelerator(parsed.value) : settings[action];
  }
  return out;
}

/** What the renderer may save: the same shape, refused when any binding has a problem. */
export const HotkeySettingsInputSchema = HotkeySettingsSchema.strict()
  .superRefine((settings, context) => {
    for (const problem of checkHotkeys(settings).problems)
      context.addIssue({ code: 'custom', path: [problem.action], message: problem.message });
  })
  .transform(canonicalHotkeys);

/** Where a binding works now: everywhere (a global shortcut), only while EVA's page has focus, or nowhere. */
export type HotkeyScope = 'global' | 'page' | 'off';

/** One action's binding as the host applied it. */
export interface HotkeyBinding {
  action: HotkeyAction;
  /** canonical accelerator, '' when off */
  accelerator: string;
  scope: HotkeyScope;
  /** why it is not global (taken by another application) or off (invalid); null when it works as intended */
  problem: HotkeyProblem | null;
}

/** `hotkeys:status`: every action's binding. */
export interface HotkeyStatus {
  bindings: HotkeyBinding[];
}

// Hotkeys as Electron accelerator strings ("F1", "Shift+F1", "CmdOrCtrl+Alt+S"),
// parsed once here so the settings form, the core's validation, Electron's
// globalShortcut and the page's keydown handler all read them the same way.

export type Modifier = 'CmdOrCtrl' | 'Ctrl' | 'Alt' | 'Shift' | 'Super';

/** A parsed accelerator: a set of modifiers and exactly one key, in canonical spelling. */
export interface Accelerator {
  modifiers: readonly Modifier[];
  key: string;
}

const MODIFIER_ORDER: readonly Modifier[] = ['CmdOrCtrl', 'Ctrl', 'Alt', 'Shift', 'Super'];

const MODIFIER_NAMES: Record<string, Modifier> = {
  cmdorctrl: 'CmdOrCtrl',
  commandorcontrol: 'CmdOrCtrl',
  ctrl: 'Ctrl',
  control: 'Ctrl',
  alt: 'Alt',
  option: 'Alt',
  shift: 'Shift',
  super: 'Super',
  meta: 'Super',
  cmd: 'Super',
  command: 'Super',
  win: 'Super',
};

// Keys by lower-case name → canonical (Electron) name. Letters and digits are added below.
const KEY_NAMES: Record<string, string> = {
  space: 'Space',
  tab: 'Tab',
  backspace: 'Backspace',
  delete: 'Delete',
  del: 'Delete',
  insert: 'Insert',
  ins: 'Insert',
  home: 'Home',
  end: 'End',
  pageup: 'PageUp',
  pagedown: 'PageDown',
  up: 'Up',
  down: 'Down',
  left: 'Left',
  right: 'Right',
  printscreen: 'PrintScreen',
  escape: 'Escape',
  esc: 'Escape',
  enter: 'Enter',
  return: 'Enter',
};
for (let n = 1; n <= 24; n++) KEY_NAMES[`f${n}`] = `F${n}`;
for (const c of 'abcdefghijklmnopqrstuvwxyz0123456789') KEY_NAMES[c] = c.toUpperCase();

/** Keys that do nothing in a text box, so they may be hotkeys on their own. */
const STANDALONE = /^(F\d{1,2}|PrintScreen|Insert)$/;

export type ParseResult = { ok: true; value: Accelerator } | { ok: false; message: string };

/** Parse "shift + f1" or "CommandOrControl+Alt+S"; case and spaces do not matter. */
export function parseAccelerator(text: string): ParseResult {
  const tokens = text.split('+').map((token) => token.trim());
  if (text.trim() === '' || tokens.some((token) => token === ''))
    return { ok: false, message: `"${text}" is not a key combination (write it like F1 or Ctrl+Shift+S)` };
  const modifiers = new Set<Modifier>();
  let key: string | null = null;
  for (const token of tokens) {
    const lower = token.toLowerCase();
    const modifier = MODIFIER_NAMES[lower];
    if (modifier) {
      if (modifiers.has(modifier)) return { ok: false, message: `"${text}" names ${modifier} twice` };
      modifiers.add(modifier);
      continue;
    }
    const name = KEY_NAMES[lower];
    if (!name)
      return {
        ok: false,
        message: `"${token}" is not a key we know (use F1–F24, A–Z, 0–9, Space, Insert, Home, PageUp, arrows, PrintScreen…)`,
      };
    if (key !== null)
      return { ok: false, message: `"${text}" has two keys (${key} and ${name}); a hotkey is modifiers plus one key` };
    key = name;
  }
  if (key === null) return { ok: false, message: `"${text}" has only modifiers; add a key` };
  return { ok: true, value: { modifiers: MODIFIER_ORDER.filter((m) => modifiers.has(m)), key } };
}

/** The canonical spelling, which Electron's globalShortcut also accepts. */
export function formatAccelerator(accelerator: Accelerator): string {
  return [...accelerator.modifiers, accelerator.key].join('+');
}

/** Why an accelerator may not be a hotkey, or null when it may. */
export function acceleratorProblem(
  accelerator: Accelerator,
): { code: 'reserved_send' | 'reserved_cancel' | 'reserved_edit' | 'needs_modifier'; message: string } | null {
  const { key, modifiers } = accelerator;
  const name = formatAccelerator(accelerator);
  if (key === 'Enter')
    return {
      code: 'reserved_send',
      message: `${name}: Enter sends the message (choose the send key in the chat settings)`,
    };
  if (key === 'Escape') return { code: 'reserved_cancel', message: `${name}: Escape cancels dialogs and recording` };
  const commanding = modifiers.some((m) => m === 'Ctrl' || m === 'CmdOrCtrl' || m === 'Super');
  if (commanding && modifiers.length === 1 && /^[ACVXYZ]$/.test(key))
    return {
      code: 'reserved_edit',
      message: `${name} is the text editing shortcut (select all, copy, paste, cut, undo, redo)`,
    };
  const strong = modifiers.some((m) => m !== 'Shift');
  if (!strong && !STANDALONE.test(key))
    return {
      code: 'needs_modifier',
      message: `${name} would fire while typing; add Ctrl, Alt or Super (or use a function key)`,
    };
  return null;
}

/** The fields of a KeyboardEvent a page hotkey needs. */
export interface KeyEventInfo {
  /** KeyboardEvent.code: the physical key, so letters match on any layout */
  code: string;
  ctrlKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
  metaKey: boolean;
}

const CODE_KEYS: Record<string, string> = {
  Space: 'Space',
  Tab: 'Tab',
  Backspace: 'Backspace',
  Delete: 'Delete',
  Insert: 'Insert',
  Home: 'Home',
  End: 'End',
  PageUp: 'PageUp',
  PageDown: 'PageDown',
  ArrowUp: 'Up',
  ArrowDown: 'Down',
  ArrowLeft: 'Left',
  ArrowRight: 'Right',
  PrintScreen: 'PrintScreen',
  Escape: 'Escape',
  Enter: 'Enter',
  NumpadEnter: 'Enter',
};

/** The canonical key name of a KeyboardEvent.code, or null for keys we do not bind (modifiers, punctuation). */
export function keyFromCode(code: string): string | null {
  if (/^F([1-9]|1\d|2[0-4])$/.test(code)) return code;
  const letter = /^Key([A-Z])$/.exec(code)?.[1];
  if (letter) return letter;
  const digit = /^(?:Digit|Numpad)(\d)$/.exec(code)?.[1];
  if (digit) return digit;
  return CODE_KEYS[code] ?? null;
}

/** The accelerator a key press spells (for the settings form's "press the keys" field); null for a lone modifier. */
export function acceleratorFromEvent(event: KeyEventInfo, isMac: boolean): Accelerator | null {
  const key = keyFromCode(event.code);
  if (key === null) return null;
  const modifiers: Modifier[] = [];
  // Record the platform's command key as CmdOrCtrl so the setting works on every OS.
  if (isMac ? event.metaKey : event.ctrlKey) modifiers.push('CmdOrCtrl');
  if (isMac && event.ctrlKey) modifiers.push('Ctrl');
  if (event.altKey) modifiers.push('Alt');
  if (event.shiftKey) modifiers.push('Shift');
  if (!isMac && event.metaKey) modifiers.push('Super');
  return { modifiers: MODIFIER_ORDER.filter((m) => modifiers.includes(m)), key };
}

/** The modifiers an accelerator means on this platform: CmdOrCtrl is ⌘ on macOS, Ctrl elsewhere. */
function resolved(
  accelerator: Accelerator,
  isMac: boolean,
): { ctrl: boolean; alt: boolean; shift: boolean; meta: boolean } {
  const has = (m: Modifier) => accelerator.modifiers.includes(m);
  return {
    ctrl: has('Ctrl') || (!isMac && has('CmdOrCtrl')),
    alt: has('Alt'),
    shift: has('Shift'),
    meta: has('Super') || (isMac && has('CmdOrCtrl')),
  };
}

/** Whether a key press is this accelerator: the same key and exactly the same modifiers. */
export function matchesEvent(accelerator: Accelerator, event: KeyEventInfo, isMac: boolean): boolean {
  if (keyFromCode(event.code) !== accelerator.key) return false;
  const want = resolved(accelerator, isMac);
  return (
    want.ctrl === event.ctrlKey &&
    want.alt === event.altKey &&
    want.shift === event.shiftKey &&
    want.meta === event.metaKey
  );
}

/** Whether two accelerators are the same keys on macOS or on the other platforms. */
export function sameKeys(a: Accelerator, b: Accelerator): boolean {
  if (a.key !== b.key) return false;
  return [true, false].some((isMac) => JSON.stringify(resolved(a, isMac)) === JSON.stringify(resolved(b, isMac)));
}

// The controller's action list, checked and normalised before any native code
// loads: each action has what it needs, key names map to nut-js Key names,
// and the total wait is known up front (it sets the worker's time limit).
import { TOOL_LIMITS } from '@shared/tools/tool-limits';
import { toolError, type ToolError } from '@shared/tools/tool-types';

/** One validated step. */
export type ControllerAction =
  | { kind: 'press' | 'release'; button: 'left' | 'right'; at?: { x: number; y: number } }
  | { kind: 'move'; x: number; y: number }
  | { kind: 'type'; text: string }
  | { kind: 'keys'; keys: string[] }
  | { kind: 'wait'; ms: number };

const ALIASES: Record<string, string> = {
  ctrl: 'LeftControl',
  control: 'LeftControl',
  shift: 'LeftShift',
  alt: 'LeftAlt',
  option: 'LeftAlt',
  meta: 'LeftMeta',
  win: 'LeftWin',
  windows: 'LeftWin',
  super: 'LeftSuper',
  cmd: 'LeftCmd',
  command: 'LeftCmd',
  enter: 'Enter',
  return: 'Return',
  esc: 'Escape',
  escape: 'Escape',
  tab: 'Tab',
  space: 'Space',
  spacebar: 'Space',
  backspace: 'Backspace',
  delete: 'Delete',
  del: 'Delete',
  insert: 'Insert',
  ins: 'Insert',
  home: 'Home',
  end: 'End',
  pageup: 'PageUp',
  pgup: 'PageUp',
  pagedown: 'PageDown',
  pgdn: 'PageDown',
  up: 'Up',
  down: 'Down',
  left: 'Left',
  right: 'Right',
  capslock: 'CapsLock',
  printscreen: 'Print',
  print: 'Print',
  menu: 'Menu',
  '-': 'Minus',
  '=': 'Equal',
  '[': 'LeftBracket',
  ']': 'RightBracket',
  '\\': 'Backslash',
  ';': 'Semicolon',
  "'": 'Quote',
  ',': 'Comma',
  '.': 'Period',
  '/': 'Slash',
  '`': 'Grave',
  plus: 'Add',
};

/** "Ctrl+Shift+S" → ["LeftControl", "LeftShift", "S"]; null when a key is unknown. */
export function parseKeyCombo(combo: string): string[] | { unknown: string } {
  const parts = combo.split(/\s*\+\s*/).filter((part) => part !== '');
  const keys: string[] = [];
  for (const part of parts) {
    const lower = part.toLowerCase();
    let key = ALIASES[lower];
    if (!key && /^[a-z]$/.test(lower)) key = lower.toUpperCase();
    if (!key && /^[0-9]$/.test(lower)) key = `Num${lower}`;
    if (!key && /^f([1-9]|1[0-9]|2[0-4])$/.test(lower)) key = lower.toUpperCase();
    if (!key) return { unknown: part };
    keys.push(key);
  }
  return keys.length === 0 ? { unknown: combo } : keys;
}

export function parseControllerActions(
  raw: unknown,
): { ok: true; actions: ControllerAction[]; waitMs: number } | { ok: false; error: ToolError } {
  if (!Array.isArray(raw) || raw.length === 0) return bad('arguments.actions: must be a non-empty array');
  const actions: ControllerAction[] = [];
  let waitMs = 0;
  for (const [index, item] of raw.entries()) {
    const where = `arguments.actions[${index}]`;
    const step = (item ?? {}) as Record<string, unknown>;
    const point = readPoint(step);
    switch (step.action) {
      case 'left_down':
      case 'right_down':
      case 'left_up':
      case 'right_up': {
        if (point === 'half') return bad(`${where}: give both x and y, or neither`);
        const button = String(step.action).startsWith('left') ? 'left' : 'right';
        const kind = String(step.action).endsWith('down') ? 'press' : 'release';
        actions.push(point ? { kind, button, at: point } : { kind, button });
        break;
      }
      case 'move':
        if (!point || point === 'half') return bad(`${where}: move needs integer x and y`);
        actions.push({ kind: 'move', ...point });
        break;
      case 'keyboard':
        if (typeof step.text === 'string' && step.text !== '') actions.push({ kind: 'type', text: step.text });
        else if (typeof step.keys === 'string') {
          const keys = parseKeyCombo(step.keys);
          if (!Array.isArray(keys))
            return bad(
              `${where}: unknown key "${keys.unknown}" (use names like Ctrl, Shift, Alt, Enter, Tab, Esc, F5, A, 1)`,
            );
          actions.push({ kind: 'keys', keys });
        } else return bad(`${where}: keyboard needs "text" to type or "keys" such as "Ctrl+S"`);
        break;
      case 'time_span': {
        const ms = step.ms;
        if (typeof ms !== 'number' || !Number.isInteger(ms) || ms < 0 || ms > TOOL_LIMITS.controllerMaxWaitMs) {
          return bad(`${where}: time_span needs ms between 0 and ${TOOL_LIMITS.controllerMaxWaitMs}`);
        }
        actions.push({ kind: 'wait', ms });
        waitMs += ms;
        break;
      }
      default:
        return bad(`${where}.action: unknown action ${JSON.stringify(step.action)}`);
    }
  }
  return { ok: true, actions, waitMs };
}

function readPoint(step: Record<string, unknown>): { x: number; y: number } | 'half' | null {
  const hasX = step.x !== undefined;
  const hasY = step.y !== undefined;
  if (!hasX && !hasY) return null;
  const ok = (v: unknown) => typeof v === 'number' && Number.isInteger(v) && v >= 0;
  if (!hasX || !hasY || !ok(step.x) || !ok(step.y)) return 'half';
  return { x: step.x as number, y: step.y as number };
}

function bad(message: string): { ok: false; error: ToolError } {
  return { ok: false, error: toolError('invalid_arguments', message) };
}

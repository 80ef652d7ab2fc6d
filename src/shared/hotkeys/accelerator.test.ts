import { describe, expect, it } from 'vitest';
import {
  acceleratorFromEvent,
  acceleratorProblem,
  formatAccelerator,
  keyFromCode,
  matchesEvent,
  parseAccelerator,
  sameKeys,
  type Accelerator,
} from './accelerator';

const parse = (text: string): Accelerator => {
  const result = parseAccelerator(text);
  if (!result.ok) throw new Error(result.message);
  return result.value;
};
const press = (
  code: string,
  mods: Partial<{ ctrlKey: boolean; altKey: boolean; shiftKey: boolean; metaKey: boolean }> = {},
) => ({ code, ctrlKey: false, altKey: false, shiftKey: false, metaKey: false, ...mods });

describe('parseAccelerator', () => {
  it('reads any case and spacing and spells it canonically, modifiers in a fixed order', () => {
    expect(formatAccelerator(parse('f1'))).toBe('F1');
    expect(formatAccelerator(parse(' shift + F1 '))).toBe('Shift+F1');
    expect(formatAccelerator(parse('s+alt+control'))).toBe('Ctrl+Alt+S');
    expect(formatAccelerator(parse('CommandOrControl+Shift+4'))).toBe('CmdOrCtrl+Shift+4');
    expect(formatAccelerator(parse('Meta+Space'))).toBe('Super+Space');
    expect(formatAccelerator(parse('return'))).toBe('Enter');
    expect(formatAccelerator(parse('F24'))).toBe('F24');
  });

  it('refuses what is not one key plus modifiers, saying why', () => {
    expect(parseAccelerator('')).toMatchObject({
      ok: false,
      message: expect.stringContaining('not a key combination'),
    });
    expect(parseAccelerator('Ctrl+')).toMatchObject({ ok: false });
    expect(parseAccelerator('Ctrl+Shift')).toMatchObject({
      ok: false,
      message: expect.stringContaining('only modifiers'),
    });
    expect(parseAccelerator('A+B')).toMatchObject({ ok: false, message: expect.stringContaining('two keys') });
    expect(parseAccelerator('Ctrl+Control+A')).toMatchObject({ ok: false, message: expect.stringContaining('twice') });
    expect(parseAccelerator('Hyper+F1')).toMatchObject({
      ok: false,
      message: expect.stringContaining('"Hyper" is not a key'),
    });
    expect(parseAccelerator('F25')).toMatchObject({ ok: false });
  });
});

describe('acceleratorProblem', () => {
  it('keeps Enter for sending, Escape for cancelling and the editing shortcuts for editing', () => {
    expect(acceleratorProblem(parse('Ctrl+Enter'))?.code).toBe('reserved_send');
    expect(acceleratorProblem(parse('Enter'))?.code).toBe('reserved_send');
    expect(acceleratorProblem(parse('Escape'))?.code).toBe('reserved_cancel');
    expect(acceleratorProblem(parse('Ctrl+V'))?.code).toBe('reserved_edit');
    expect(acceleratorProblem(parse('CmdOrCtrl+Z'))?.code).toBe('reserved_edit');
    expect(acceleratorProblem(parse('Ctrl+Shift+V'))).toBeNull();
  });

  it('refuses keys that would fire while typing unless a real modifier is held', () => {
    expect(acceleratorProblem(parse('A'))?.code).toBe('needs_modifier');
    expect(acceleratorProblem(parse('Shift+A'))?.code).toBe('needs_modifier');
    expect(acceleratorProblem(parse('Space'))?.code).toBe('needs_modifier');
    expect(acceleratorProblem(parse('Alt+A'))).toBeNull();
    expect(acceleratorProblem(parse('F1'))).toBeNull();
    expect(acceleratorProblem(parse('Shift+F1'))).toBeNull();
    expect(acceleratorProblem(parse('PrintScreen'))).toBeNull();
  });
});

describe('key events', () => {
  it('names physical keys, so letters match on any keyboard layout', () => {
    expect(keyFromCode('KeyS')).toBe('S');
    expect(keyFromCode('Digit4')).toBe('4');
    expect(keyFromCode('F12')).toBe('F12');
    expect(keyFromCode('ArrowUp')).toBe('Up');
    expect(keyFromCode('ShiftLeft')).toBeNull();
    expect(keyFromCode('F25')).toBeNull();
  });

  it('matches only the exact modifiers, with CmdOrCtrl as ⌘ on macOS and Ctrl elsewhere', () => {
    expect(matchesEvent(parse('F1'), press('F1'), false)).toBe(true);
    expect(matchesEvent(parse('F1'), press('F1', { shiftKey: true }), false)).toBe(false);
    expect(matchesEvent(parse('Shift+F1'), press('F1', { shiftKey: true }), false)).toBe(true);
    expect(matchesEvent(parse('CmdOrCtrl+K'), press('KeyK', { ctrlKey: true }), false)).toBe(true);
    expect(matchesEvent(parse('CmdOrCtrl+K'), press('KeyK', { ctrlKey: true }), true)).toBe(false);
    expect(matchesEvent(parse('CmdOrCtrl+K'), press('KeyK', { metaKey: true }), true)).toBe(true);
  });

  it('records a key press as an accelerator that works on every platform', () => {
    expect(formatAccelerator(acceleratorFromEvent(press('KeyS', { ctrlKey: true, shiftKey: true }), false)!)).toBe(
      'CmdOrCtrl+Shift+S',
    );
    expect(formatAccelerator(acceleratorFromEvent(press('KeyS', { metaKey: true }), true)!)).toBe('CmdOrCtrl+S');
    expect(formatAccelerator(acceleratorFromEvent(press('F2'), false)!)).toBe('F2');
    expect(acceleratorFromEvent(press('ControlLeft', { ctrlKey: true }), false)).toBeNull();
  });

  it('sees Ctrl+X and CmdOrCtrl+X as the same keys', () => {
    expect(sameKeys(parse('Ctrl+X'), parse('CmdOrCtrl+X'))).toBe(true);
    expect(sameKeys(parse('Super+X'), parse('CmdOrCtrl+X'))).toBe(true);
    expect(sameKeys(parse('Alt+X'), parse('CmdOrCtrl+X'))).toBe(false);
    expect(sameKeys(parse('F1'), parse('Shift+F1'))).toBe(false);
  });
});

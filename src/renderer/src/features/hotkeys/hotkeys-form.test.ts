import { describe, expect, it } from 'vitest';
import { DEFAULT_HOTKEYS } from '@shared/hotkeys/hotkey-settings';
import { formProblems, keyFieldEdit, takenBindings } from './hotkeys-form';

const key = (
  code: string,
  mods: Partial<{ ctrlKey: boolean; altKey: boolean; shiftKey: boolean; metaKey: boolean }> = {},
) => ({ code, ctrlKey: false, altKey: false, shiftKey: false, metaKey: false, ...mods });

describe('a binding field', () => {
  it('records what is pressed, keeps Tab/Escape for moving and closing, clears on Backspace', () => {
    expect(keyFieldEdit(key('F5', { shiftKey: true }), false)).toEqual({ kind: 'set', value: 'Shift+F5' });
    expect(keyFieldEdit(key('KeyR', { ctrlKey: true, altKey: true }), false)).toEqual({
      kind: 'set',
      value: 'CmdOrCtrl+Alt+R',
    });
    expect(keyFieldEdit(key('Tab'), false)).toEqual({ kind: 'pass' });
    expect(keyFieldEdit(key('Tab', { shiftKey: true }), false)).toEqual({ kind: 'pass' });
    expect(keyFieldEdit(key('Escape'), false)).toEqual({ kind: 'pass' });
    expect(keyFieldEdit(key('Backspace'), false)).toEqual({ kind: 'set', value: '' });
    expect(keyFieldEdit(key('ShiftLeft', { shiftKey: true }), false)).toEqual({ kind: 'pass' });
    // Recorded even when it cannot be saved: the form shows why.
    expect(keyFieldEdit(key('KeyQ'), false)).toEqual({ kind: 'set', value: 'Q' });
  });
});

describe('form problems', () => {
  it('has none for the defaults and names each bad field', () => {
    expect(formProblems(DEFAULT_HOTKEYS)).toEqual({});
    expect(formProblems({ screenshot: 'Q', screenshotRegion: 'Ctrl+Enter', record: 'Shift+F1' })).toEqual({
      screenshot: { key: 'hotkeys.problem.needsModifier', vars: { keys: 'Q' } },
      screenshotRegion: { key: 'hotkeys.problem.reservedSend', vars: { keys: 'Ctrl+Enter' } },
    });
    expect(Object.keys(formProblems({ screenshot: 'F9', screenshotRegion: 'F9', record: '' }))).toEqual([
      'screenshot',
      'screenshotRegion',
    ]);
  });

  it('picks out the bindings another application holds', () => {
    const taken = {
      action: 'record' as const,
      accelerator: 'F2',
      scope: 'page' as const,
      problem: { action: 'record' as const, code: 'taken' as const, message: '' },
    };
    expect(takenBindings([taken, { action: 'screenshot', accelerator: 'F1', scope: 'global', problem: null }])).toEqual(
      [taken],
    );
  });
});

import { describe, expect, it } from 'vitest';
import { SettingsPatchSchema } from '../contract';
import { checkHotkeys, DEFAULT_HOTKEYS, HotkeySettingsInputSchema } from './hotkey-settings';

describe('checkHotkeys', () => {
  it('accepts the defaults: F1, Shift+F1, F2', () => {
    const { bindings, problems } = checkHotkeys(DEFAULT_HOTKEYS);
    expect(problems).toEqual([]);
    expect(bindings.map((b) => [b.action, b.text])).toEqual([
      ['screenshot', 'F1'],
      ['screenshotRegion', 'Shift+F1'],
      ['record', 'F2'],
    ]);
  });

  it('reports both actions of a collision and leaves both out', () => {
    const { bindings, problems } = checkHotkeys({
      screenshot: 'ctrl+alt+s',
      screenshotRegion: 'Shift+F1',
      record: 'Control+Alt+S',
    });
    expect(bindings.map((b) => b.action)).toEqual(['screenshotRegion']);
    expect(problems.map((p) => [p.action, p.code])).toEqual([
      ['screenshot', 'duplicate'],
      ['record', 'duplicate'],
    ]);
    expect(problems[0]?.message).toContain('Ctrl+Alt+S is also the record hotkey');
  });

  it('treats an empty binding as off, not as a problem', () => {
    const { bindings, problems } = checkHotkeys({ screenshot: 'F1', screenshotRegion: '', record: '  ' });
    expect(bindings).toHaveLength(1);
    expect(problems).toEqual([]);
  });

  it('names each invalid binding', () => {
    const { problems } = checkHotkeys({ screenshot: 'Ctrl+Enter', screenshotRegion: 'Q', record: 'F1+F2' });
    expect(problems.map((p) => [p.action, p.code])).toEqual([
      ['screenshot', 'reserved_send'],
      ['screenshotRegion', 'needs_modifier'],
      ['record', 'syntax'],
    ]);
  });
});

describe('HotkeySettingsInputSchema (the settings:update boundary)', () => {
  it('stores canonical spelling', () => {
    expect(HotkeySettingsInputSchema.parse({ screenshot: 'f3', screenshotRegion: 'shift+f3', record: '' })).toEqual({
      screenshot: 'F3',
      screenshotRegion: 'Shift+F3',
      record: '',
    });
  });

  it('refuses a conflicting set with an issue on each field, and partial or extra fields', () => {
    const result = SettingsPatchSchema.safeParse({
      hotkeys: { screenshot: 'F2', screenshotRegion: 'Shift+F1', record: 'F2' },
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['hotkeys.screenshot', 'hotkeys.record']);
    expect(SettingsPatchSchema.safeParse({ hotkeys: { screenshot: 'F1' } }).success).toBe(false);
    expect(SettingsPatchSchema.safeParse({ hotkeys: { ...DEFAULT_HOTKEYS, send: 'Ctrl+Enter' } }).success).toBe(false);
  });
});

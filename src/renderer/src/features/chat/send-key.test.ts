import { describe, expect, it } from 'vitest';
import { isSendKey, type KeyInfo } from './send-key';

const key = (patch: Partial<KeyInfo> = {}): KeyInfo => ({
  key: 'Enter',
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  isComposing: false,
  ...patch,
});

describe('isSendKey', () => {
  it('sends on Ctrl+Enter or ⌘+Enter in both modes', () => {
    for (const mode of ['ctrl-enter', 'enter'] as const) {
      expect(isSendKey(key({ ctrlKey: true }), mode)).toBe(true);
      expect(isSendKey(key({ metaKey: true }), mode)).toBe(true);
    }
  });

  it('makes a new line on plain Enter in ctrl-enter mode', () => {
    expect(isSendKey(key(), 'ctrl-enter')).toBe(false);
  });

  it('sends on Enter and keeps Shift+Enter for new lines in enter mode', () => {
    expect(isSendKey(key(), 'enter')).toBe(true);
    expect(isSendKey(key({ shiftKey: true }), 'enter')).toBe(false);
  });

  it('never sends while an IME composes, nor on other keys', () => {
    expect(isSendKey(key({ isComposing: true }), 'enter')).toBe(false);
    expect(isSendKey(key({ isComposing: true, ctrlKey: true }), 'ctrl-enter')).toBe(false);
    expect(isSendKey(key({ key: 'a', ctrlKey: true }), 'enter')).toBe(false);
    expect(isSendKey(key({ altKey: true }), 'enter')).toBe(false);
  });
});

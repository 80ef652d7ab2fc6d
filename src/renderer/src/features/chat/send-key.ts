// Which keys send: Ctrl+Enter (⌘+Enter on macOS) always does; with the
// 'enter' setting a plain Enter sends too and Shift+Enter makes a new line.
// Enter that confirms an IME composition (pinyin!) never sends.
import type { ChatSettings } from '@shared/chat/schemas';

export interface KeyInfo {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
  /** KeyboardEvent.isComposing, or keyCode 229 on older engines */
  isComposing: boolean;
}

export function isSendKey(event: KeyInfo, sendKey: ChatSettings['sendKey']): boolean {
  if (event.key !== 'Enter' || event.isComposing || event.altKey) return false;
  if (event.ctrlKey || event.metaKey) return true;
  return sendKey === 'enter' && !event.shiftKey;
}

/** The hint under the input, as a message key. */
export function sendHintKey(sendKey: ChatSettings['sendKey']): 'chat.hint.ctrlEnter' | 'chat.hint.enter' {
  return sendKey === 'enter' ? 'chat.hint.enter' : 'chat.hint.ctrlEnter';
}

/** The fields isSendKey needs from a React keyboard event. */
export function keyInfo(event: {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
  nativeEvent: { isComposing: boolean; keyCode: number };
}): KeyInfo {
  return {
    key: event.key,
    ctrlKey: event.ctrlKey,
    metaKey: event.metaKey,
    shiftKey: event.shiftKey,
    altKey: event.altKey,
    isComposing: event.nativeEvent.isComposing || event.nativeEvent.keyCode === 229,
  };
}

// The page's own hotkeys: a keydown listener on the window (capture phase, so
// a focused text box does not swallow F1) that hands matching presses to the
// bus and keeps the browser from acting on them (F1 would open help).
import { useEffect } from 'react';
import type { HotkeysStore } from './hotkeys-store';

/** Elements that record a key combination (the settings form) opt out with this attribute. */
export const HOTKEY_CAPTURE_ATTRIBUTE = 'data-hotkey-capture';

export function isMacPlatform(): boolean {
  return /mac/i.test(navigator.platform || navigator.userAgent);
}

export function usePageHotkeys(hotkeys: HotkeysStore): void {
  useEffect(() => {
    const isMac = isMacPlatform();
    const onKeyDown = (event: KeyboardEvent): void => {
      if (event.repeat || event.isComposing) return;
      if (event.target instanceof Element && event.target.closest(`[${HOTKEY_CAPTURE_ATTRIBUTE}]`)) return;
      if (!hotkeys.press(event, isMac)) return;
      event.preventDefault();
      event.stopPropagation();
    };
    window.addEventListener('keydown', onKeyDown, { capture: true });
    return () => window.removeEventListener('keydown', onKeyDown, { capture: true });
  }, [hotkeys]);
}

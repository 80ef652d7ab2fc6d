import { useEffect, type RefObject } from 'react';
import type { VoiceStore } from './voice-store';

/**
 * Lets the recorder insert at the text box's cursor. Until the user has been in
 * the box its selection means nothing (a fresh box reports 0), so it counts as
 * "no cursor" and the words are appended.
 */
export function useTextInput(voice: VoiceStore, input: RefObject<HTMLTextAreaElement | null>): void {
  useEffect(() => {
    const el = input.current;
    if (!el) return;
    let touched = false;
    const touch = (): void => {
      touched = true;
    };
    el.addEventListener('focus', touch);
    const detach = voice.attachInput({
      selection: () => (touched ? { start: el.selectionStart, end: el.selectionEnd } : null),
      placeCaret: (at) => {
        // After React has put the new text in the box.
        requestAnimationFrame(() => {
          const active = document.activeElement;
          // Take the focus back only from nothing in particular or our own buttons, never from another field.
          if (active === null || active === document.body || active === el || el.closest('.composer')?.contains(active))
            el.focus();
          el.setSelectionRange(at, at);
          touched = true;
        });
      },
    });
    return () => {
      el.removeEventListener('focus', touch);
      detach();
    };
  }, [voice, input]);
}

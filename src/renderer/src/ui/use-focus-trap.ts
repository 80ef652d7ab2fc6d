import { useEffect, useRef, type RefObject } from 'react';
import { trapFocus } from './focus-trap';

/**
 * Traps the keyboard in `ref` while `active` (see focus-trap.ts). `initialFocus` is a
 * selector inside it; `onEscape` may change from render to render.
 */
export function useFocusTrap(
  ref: RefObject<HTMLElement | null>,
  active: boolean,
  onEscape: () => void,
  initialFocus?: string,
): void {
  const escape = useRef(onEscape);
  useEffect(() => {
    escape.current = onEscape;
  });
  useEffect(() => {
    const container = ref.current;
    if (!active || !container) return;
    const first = initialFocus ? container.querySelector<HTMLElement>(initialFocus) : null;
    return trapFocus(container, { onEscape: () => escape.current(), initialFocus: first });
  }, [ref, active, initialFocus]);
}

// Keyboard containment for a modal dialog or drawer: Tab and Shift+Tab cycle inside
// it (never into the page behind), Esc closes it, and when it closes the focus goes
// back to what had it before (the button that opened it), as WAI-ARIA's dialog
// pattern asks. Pure DOM, no React, so it is tested on its own.

const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'summary',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

/** The elements Tab can reach inside `container`, in order. */
export function tabbables(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (element) => !element.closest('[inert], [hidden], fieldset:disabled') && element.getClientRects().length > 0,
  );
}

export interface FocusTrapOptions {
  onEscape?: () => void;
  /** what gets the focus on opening (default: the first tabbable, else the container) */
  initialFocus?: HTMLElement | null;
}

/** Holds the keyboard inside `container` until the returned release is called. */
export function trapFocus(container: HTMLElement, options: FocusTrapOptions = {}): () => void {
  const doc = container.ownerDocument;
  const previous = doc.activeElement instanceof HTMLElement ? doc.activeElement : null;
  if (!container.contains(doc.activeElement)) (options.initialFocus ?? tabbables(container)[0] ?? container).focus();

  const onKey = (event: KeyboardEvent): void => {
    if (event.key === 'Escape' && options.onEscape) {
      // The dialog's Esc: nothing behind it (a recording, the page) hears this one.
      event.preventDefault();
      event.stopPropagation();
      options.onEscape();
      return;
    }
    if (event.key !== 'Tab') return;
    const list = tabbables(container);
    if (list.length === 0) {
      event.preventDefault();
      container.focus();
      return;
    }
    const first = list[0] as HTMLElement;
    const last = list[list.length - 1] as HTMLElement;
    const active = doc.activeElement;
    if (event.shiftKey && (active === first || !container.contains(active))) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (active === last || !container.contains(active))) {
      event.preventDefault();
      first.focus();
    }
  };
  doc.addEventListener('keydown', onKey, true);
  return () => {
    doc.removeEventListener('keydown', onKey, true);
    // Back to the opener, if it is still there to take it, unless the focus has moved on to something outside (the
    // dialog closed itself after the user went on typing elsewhere): that is where the next key press must go.
    const now = doc.activeElement;
    const movedOn = now !== null && now !== doc.body && !container.contains(now);
    if (previous && previous.isConnected && !movedOn) previous.focus();
  };
}

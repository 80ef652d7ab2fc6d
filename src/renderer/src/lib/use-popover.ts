import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import { placePopover, type PlaceOptions } from './popover-place';

export interface PopoverOptions {
  open: boolean;
  onClose: () => void;
  /** the button that opens it: the popover is placed beside it and the focus comes back to it */
  trigger: RefObject<HTMLElement | null>;
  /** the popover's box; with `tabIndex={-1}` where nothing inside it is named by `initialFocus` */
  popover: RefObject<HTMLElement | null>;
  /** what takes the focus on opening, a selector inside the popover (default: the popover itself) */
  initialFocus?: string;
  prefer?: PlaceOptions['prefer'];
  align?: PlaceOptions['align'];
}

/**
 * A non-modal popover beside its button, as the composer's meter and pickers are: placed fixed so that it stays inside
 * the window (popover-place.ts; again when the window, a scroll or its content moves it), closed by Esc, by a click
 * outside it or by the focus leaving it; it takes the focus when it opens and gives it back to its button when it
 * closes, unless the user has put it somewhere else meanwhile (a click in the message box keeps it there).
 */
export function usePopover({
  open,
  onClose,
  trigger,
  popover,
  initialFocus,
  prefer = 'above',
  align = 'end',
}: PopoverOptions): void {
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  });

  // A layout effect: the popover is placed before it is first painted, so it never shows where it does not fit.
  useLayoutEffect(() => {
    const box = popover.current;
    const button = trigger.current;
    if (!open || !box || !button) return;
    const doc = box.ownerDocument;
    const win = doc.defaultView;
    const outside = (target: EventTarget | null): boolean =>
      !(target instanceof Node) || (!box.contains(target) && !button.contains(target));

    const place = (): void => {
      const frame = doc.documentElement;
      const border = box.offsetHeight - box.clientHeight;
      const size = { width: box.offsetWidth, height: box.scrollHeight + border };
      const spot = placePopover({
        anchor: button.getBoundingClientRect(),
        size,
        viewport: { width: frame.clientWidth, height: frame.clientHeight },
        prefer,
        align,
      });
      // Inline, so that a stylesheet's absolute offsets (bottom, right) cannot stretch or move it. A stylesheet caps
      // the height further with --popover-max-height; above the button, the box then ends where its real height does.
      Object.assign(box.style, {
        position: 'fixed',
        left: `${spot.left}px`,
        right: 'auto',
        bottom: 'auto',
        maxWidth: `${spot.maxWidth}px`,
        maxHeight: `min(${spot.maxHeight}px, var(--popover-max-height, 100vh))`,
        overflowY: 'auto',
      });
      const top =
        spot.side === 'above' ? spot.top + Math.min(size.height, spot.maxHeight) - box.offsetHeight : spot.top;
      box.style.setProperty('top', `${top}px`);
    };
    place();

    const first = initialFocus ? box.querySelector<HTMLElement>(initialFocus) : null;
    (first ?? box).focus({ preventScroll: true });

    const onKey = (event: KeyboardEvent): void => {
      if (event.key !== 'Escape') return;
      // The popover's Esc: nothing behind it (the page's hotkeys, a dialog under it) hears this one.
      event.preventDefault();
      event.stopPropagation();
      close.current();
    };
    const onPointer = (event: MouseEvent): void => {
      if (outside(event.target)) close.current();
    };
    const onFocus = (event: FocusEvent): void => {
      if (outside(event.target)) close.current();
    };
    doc.addEventListener('keydown', onKey, true);
    doc.addEventListener('mousedown', onPointer, true);
    doc.addEventListener('focusin', onFocus, true);
    win?.addEventListener('resize', place);
    // Any scrolling box may carry the button along (the chat column, the composer's row).
    doc.addEventListener('scroll', place, true);
    const resized = win && 'ResizeObserver' in win ? new win.ResizeObserver(place) : null;
    resized?.observe(box);
    resized?.observe(button);
    return () => {
      doc.removeEventListener('keydown', onKey, true);
      doc.removeEventListener('mousedown', onPointer, true);
      doc.removeEventListener('focusin', onFocus, true);
      win?.removeEventListener('resize', place);
      doc.removeEventListener('scroll', place, true);
      resized?.disconnect();
      // The focus was in the popover (now gone, so on the body) or still is: back to the button. Elsewhere, it stays.
      const active = doc.activeElement;
      if (button.isConnected && (active === null || active === doc.body || box.contains(active))) {
        button.focus({ preventScroll: true });
      }
    };
  }, [open, trigger, popover, initialFocus, prefer, align]);
}

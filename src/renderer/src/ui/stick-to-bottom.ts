// Auto-scroll for the model log: follow new lines while the user is at the bottom,
// stop when they scroll up to read, resume when they scroll back down.

export interface ScrollMetrics {
  scrollTop: number;
  clientHeight: number;
  scrollHeight: number;
}

/** Within this many pixels of the end counts as "at the bottom" (fractional zoom leaves slack). */
export const BOTTOM_SLACK_PX = 24;

export function isAtBottom({ scrollTop, clientHeight, scrollHeight }: ScrollMetrics, slack = BOTTOM_SLACK_PX): boolean {
  return scrollHeight - clientHeight - scrollTop <= slack;
}

/**
 * The new "stick" flag after a scroll event. A scroll that moved down while
 * sticking is ours (content grew and we followed), so it never unsticks.
 */
export function stickAfterScroll(wasSticking: boolean, previousTop: number, metrics: ScrollMetrics): boolean {
  if (isAtBottom(metrics)) return true;
  if (wasSticking && metrics.scrollTop >= previousTop) return true;
  return false;
}

/**
 * The follow-the-end state of one scrolling list (the model log, the chat): kept
 * outside React so both lists share it; their components only forward events.
 */
export class StickToBottom {
  private stick = true;
  private lastTop = 0;

  /** After new content: scroll to the end if we are following it. */
  follow(el: HTMLElement | null): void {
    if (el && this.stick) el.scrollTop = el.scrollHeight;
  }

  /** A scroll event; returns whether we now follow the end. */
  scrolled(el: ScrollMetrics): boolean {
    this.stick = stickAfterScroll(this.stick, this.lastTop, el);
    this.lastTop = el.scrollTop;
    return this.stick;
  }

  /** Follow again (the "jump to latest" button), or stop (the user went to a search hit). */
  set(sticking: boolean): void {
    this.stick = sticking;
  }
}

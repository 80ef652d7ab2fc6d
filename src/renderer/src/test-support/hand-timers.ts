import type { Timers } from '../lib/timers';

/**
 * Timers a store test fires by hand, for stores and fakes that take `timers`: `tick()` runs every
 * callback due so far (not those they schedule), then lets the promises they started settle.
 */
export function handTimers(): { timers: Timers; tick: () => Promise<void> } {
  const due = new Map<number, () => void>();
  let next = 0;
  const timers: Timers = {
    setTimeout: (callback) => {
      due.set(++next, callback);
      return next;
    },
    clearTimeout: (handle) => void due.delete(handle as number),
  };
  const tick = async (): Promise<void> => {
    const now = [...due.values()];
    due.clear();
    for (const callback of now) callback();
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { timers, tick };
}

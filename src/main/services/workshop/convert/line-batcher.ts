// Output lines go to the page a few at a time: pip and the script can print
// hundreds of lines a second, and each event costs CPU the job is using. Lines
// are held for at most one interval (or until a batch is full), never dropped;
// the job's end flushes what is held. Pure but for the timers passed in.
import type { PacerTimers } from '../progress-pacer';

export interface LineBatcher {
  push(line: string): void;
  /** send what is held now (the job ended) */
  flush(): void;
}

const MAX_BATCH = 200;

export function lineBatcher(send: (lines: string[]) => void, intervalMs: number, timers: PacerTimers): LineBatcher {
  let held: string[] = [];
  let timer: unknown = null;
  const flush = () => {
    if (timer !== null) timers.clearTimeout(timer);
    timer = null;
    if (held.length === 0) return;
    const lines = held;
    held = [];
    send(lines);
  };
  return {
    push(line) {
      held.push(line);
      if (held.length >= MAX_BATCH || intervalMs <= 0) return flush();
      timer ??= timers.setTimeout(flush, intervalMs);
    },
    flush,
  };
}

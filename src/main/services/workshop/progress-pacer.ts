// At most one progress event per interval: llama-quantize can finish a hundred
// small tensors in a second, and every event the core sends costs CPU the tool
// is using (two cores here). The newest state always goes out — at once when
// the interval has passed, at its end otherwise — and a phase change or the
// job's end (flush) is never held back. Pure but for the timers passed in.
import type { WorkshopProgress } from '@shared/workshop/workshop-types';

export interface PacerTimers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  now(): number;
}

export interface ProgressPacer {
  push(progress: WorkshopProgress): void;
  /** send what is held back now (the job ended) */
  flush(): void;
}

export function progressPacer(
  send: (progress: WorkshopProgress) => void,
  intervalMs: number,
  timers: PacerTimers,
): ProgressPacer {
  let held: WorkshopProgress | null = null;
  let lastSent: WorkshopProgress | null = null;
  let lastAt = -Infinity;
  let timer: unknown = null;
  const emit = (progress: WorkshopProgress) => {
    if (timer !== null) timers.clearTimeout(timer);
    timer = null;
    held = null;
    lastSent = progress;
    lastAt = timers.now();
    send(progress);
  };
  return {
    push(progress) {
      if (lastSent === null || lastSent.phase !== progress.phase || timers.now() - lastAt >= intervalMs)
        return emit(progress);
      held = progress;
      timer ??= timers.setTimeout(() => held && emit(held), lastAt + intervalMs - timers.now());
    },
    flush() {
      if (held) emit(held);
    },
  };
}

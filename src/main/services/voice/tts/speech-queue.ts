// The sentences waiting to be spoken: one synthesis at a time (each loads the voice model; two at once would
// only halve each other's speed), at most two sentences held ahead of the one the page is playing, and a stop
// that kills the running synthesis at once and drops the waiting ones before they start.
import { AppFailure } from '@shared/errors';

/** Sentences held at once, the running one included: Read aloud asks for the next one or two while one plays. */
export const MAX_SENTENCES_AHEAD = 2;

export interface SpeechQueue<T> {
  /** Runs `job` after the sentences before it; refused with tts_busy when MAX_SENTENCES_AHEAD are already held. */
  push(id: string | undefined, job: (signal: AbortSignal) => Promise<T>): Promise<T>;
  /** Stops the sentence with this id, or every one when no id is given; how many it stopped. */
  stop(id?: string): number;
  /** sentences held now, the running one included */
  size(): number;
}

interface Entry {
  id: string | undefined;
  controller: AbortController;
  start: () => void;
  drop: (failure: AppFailure) => void;
}

const stopped = () => new AppFailure('backend_failed', 'Speaking was stopped.', { reason: 'tts_stopped' });

export function createSpeechQueue<T>(limit = MAX_SENTENCES_AHEAD): SpeechQueue<T> {
  const waiting: Entry[] = [];
  let running: Entry | null = null;

  const next = () => {
    if (running) return;
    running = waiting.shift() ?? null;
    running?.start();
  };

  function push(id: string | undefined, job: (signal: AbortSignal) => Promise<T>): Promise<T> {
    if (waiting.length + (running ? 1 : 0) >= limit)
      return Promise.reject(
        new AppFailure(
          'already_running',
          `${limit} sentences are already being spoken or waiting; ask for the next one when one is done.`,
          { reason: 'tts_busy' },
        ),
      );
    return new Promise<T>((resolve, reject) => {
      const controller = new AbortController();
      const entry: Entry = {
        id,
        controller,
        start: () => {
          // The place comes free before the answer goes out: a caller that asks for the next sentence as soon
          // as this one arrives must find room for it.
          const release = () => {
            running = null;
            next();
          };
          job(controller.signal).then(
            (value) => {
              release();
              resolve(value);
            },
            (error: unknown) => {
              release();
              reject(error);
            },
          );
        },
        drop: reject,
      };
      waiting.push(entry);
      next();
    });
  }

  function stop(id?: string): number {
    const matches = (entry: Entry) => id === undefined || entry.id === id;
    let count = 0;
    for (let i = waiting.length - 1; i >= 0; i--) {
      const entry = waiting[i];
      if (!entry || !matches(entry)) continue;
      waiting.splice(i, 1);
      entry.drop(stopped());
      count++;
    }
    if (running && matches(running) && !running.controller.signal.aborted) {
      running.controller.abort();
      count++;
    }
    return count;
  }

  return { push, stop, size: () => waiting.length + (running ? 1 : 0) };
}

// Follows `chat:stream` events of requests we started. Events are queued as
// they arrive and applied once per animation frame, so a server producing
// thousands of tokens a second costs one reducer pass and one render per frame,
// not one per token. The client's token counter is kept at arrival time.
import { initialStreamingMessage, reduceStream } from '@shared/chat/stream-reducer';
import type { StreamEvent, StreamingMessage } from '@shared/chat/types';
import type { EvaApi } from '../../platform/types';
import { countEvents, EMPTY_COUNTER, type TokenCounter } from './chat-stats';

export interface LiveSnapshot {
  message: StreamingMessage;
  counter: TokenCounter;
  /** content deltas exactly as they came, for completion mode, where <think> is just text; '' unless asked for */
  raw: string;
  /** the stream `message` is of: an agent run's turn `<runId>:<n>`, the request itself, or null before any event */
  turn: string | null;
}

export interface Follow {
  /** apply what is queued now (the call's result is about to replace the state) and stop following */
  finish(): LiveSnapshot;
}

export interface StreamFollower {
  /** subscribe to `chat:stream`; returns the unsubscribe function */
  start(): () => void;
  /**
   * `turns`: an agent run, whose model turns stream as `<requestId>:<n>`; the snapshot shows the
   * newest turn (a new turn starts a fresh message, the token counter keeps counting).
   */
  follow(
    requestId: string,
    onFrame: (snapshot: LiveSnapshot) => void,
    options?: { raw?: boolean; turns?: boolean; from?: StreamStart },
  ): Follow;
}

/**
 * Where a stream picked up midway stands (a request a reloaded page re-attaches to): events already in `message` are
 * not sent again.
 */
export interface StreamStart {
  message: StreamingMessage;
  turn: string | null;
}

/** Runs a callback before the next paint; setTimeout where there is no requestAnimationFrame (tests, workers). */
export type FrameScheduler = (callback: () => void) => void;

const showsText = (event: StreamEvent): boolean =>
  (event.type === 'content' || event.type === 'reasoning') && event.text !== '';

/**
 * Streamed text is painted in the animation frame after each of the core's batches (which come 20 times a second):
 * a paint costs the page little more than any page pays to show new text, and the core already spaces the batches, so
 * the page holds nothing back.
 */
export const animationFrame: FrameScheduler = (callback) => {
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => callback());
  else setTimeout(callback, 16);
};

interface Followed {
  snapshot: LiveSnapshot;
  raw: boolean;
  turns: boolean;
  /** the request id of the turn being shown (agent runs) */
  turn: string | null;
  /** whether text of the current turn has been shown yet */
  painted: boolean;
  queue: StreamEvent[];
  onFrame: (snapshot: LiveSnapshot) => void;
}

export function createStreamFollower(
  api: EvaApi,
  frame: FrameScheduler = animationFrame,
  now: () => number = Date.now,
): StreamFollower {
  const followed = new Map<string, Followed>();
  let scheduled = false;

  /** The agent run a `<runId>:<n>` turn belongs to. */
  const turnOwner = (requestId: string): Followed | undefined => {
    const cut = requestId.lastIndexOf(':');
    const owner = cut > 0 ? followed.get(requestId.slice(0, cut)) : undefined;
    return owner?.turns ? owner : undefined;
  };

  const apply = (entry: Followed): void => {
    if (entry.queue.length === 0) return;
    let message = entry.snapshot.message;
    let raw = entry.snapshot.raw;
    for (const event of entry.queue) {
      message = reduceStream(message, event);
      if (entry.raw && event.type === 'content' && message.status === 'streaming') raw += event.text;
    }
    entry.queue = [];
    entry.snapshot = { ...entry.snapshot, message, raw };
  };

  const onFrame = (): void => {
    scheduled = false;
    for (const entry of followed.values()) {
      if (entry.queue.length === 0) continue;
      apply(entry);
      entry.onFrame(entry.snapshot);
    }
  };

  return {
    start: () =>
      api.on('chat:stream', ({ requestId, events }) => {
        const entry = followed.get(requestId) ?? turnOwner(requestId);
        if (!entry) return;
        if (entry.turns && entry.turn !== requestId) {
          // A new model turn of an agent run: what the previous turn said is in its step card now.
          apply(entry);
          entry.turn = requestId;
          entry.painted = false;
          entry.snapshot = { ...entry.snapshot, message: initialStreamingMessage(), raw: '', turn: requestId };
        }
        if (entry.snapshot.turn === null) entry.snapshot = { ...entry.snapshot, turn: requestId };
        entry.queue.push(...events);
        entry.snapshot = { ...entry.snapshot, counter: countEvents(entry.snapshot.counter, events, now()) };
        if (!entry.painted && events.some(showsText)) {
          // The first words go on screen at once: waiting for the next frame would add up to
          // 16 ms to the time-to-first-token the user sees. Later tokens are batched per frame.
          entry.painted = true;
          apply(entry);
          entry.onFrame(entry.snapshot);
          return;
        }
        if (!scheduled) {
          scheduled = true;
          frame(onFrame);
        }
      }),
    follow: (requestId, listener, options) => {
      const from = options?.from;
      const entry: Followed = {
        snapshot: {
          message: from?.message ?? initialStreamingMessage(),
          counter: EMPTY_COUNTER,
          raw: '',
          turn: from?.turn ?? null,
        },
        raw: options?.raw ?? false,
        turns: options?.turns ?? false,
        turn: from?.turn ?? null,
        // Text already on screen: what comes next is batched per frame.
        painted: from !== undefined && from.message.content !== '',
        queue: [],
        onFrame: listener,
      };
      followed.set(requestId, entry);
      return {
        finish: () => {
          apply(entry);
          followed.delete(requestId);
          return entry.snapshot;
        },
      };
    },
  };
}

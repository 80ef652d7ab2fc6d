// When and how much of a typed question is read ahead (@shared/chat/prefill.ts),
// the same wherever it is typed: the window's composer and `eva chat`. A pause
// in typing reads the draft; one read-ahead at a time, and a draft already read
// is not sent again. A long draft (a pasted text) is read in steps: llama-server
// cannot stop in the middle of reading a request's prompt, so a send never waits
// behind more than one step of a read-ahead it may not need.
import type { PrefillInput } from './prefill';

/** A pause in typing this long reads the draft ahead. */
export const READ_AHEAD_PAUSE_MS = 400;
/** The most one read-ahead adds to what the last one read, in characters (≈ 250–300 tokens). */
export const READ_AHEAD_STEP_CHARS = 1000;

/** setTimeout/clearTimeout, passed in so tests can end a pause by hand. */
export interface PauseTimers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface ReadAheadDriverDeps {
  /**
   * the `chat:prefill` input for sending the whole draft now, or null where that send would not be a plain chat to the
   * local model
   */
  requestNow: () => Promise<PrefillInput | null> | PrefillInput | null;
  /** sends one read-ahead; whether the server read it (false: busy, a send went first, …) */
  prefill: (input: PrefillInput) => Promise<boolean>;
  timers: PauseTimers;
}

export interface ReadAheadDriver {
  /** the user typed: the draft is read when a pause follows */
  typed(): void;
  /** the draft changed without typing (sent, or put back by opening a conversation): no read at this pause */
  cancelPause(): void;
  stop(): void;
}

export function createReadAheadDriver(deps: ReadAheadDriverDeps): ReadAheadDriver {
  let timer: unknown = null;
  let running = false;
  /** the draft changed while a read-ahead ran, or a long one has more to read: read again when it ends */
  let again = false;
  let stopped = false;
  /**
   * what the last read-ahead read, so a pause that changed nothing sends nothing and a long draft goes on from there
   */
  let last: ReadSoFar | null = null;

  const read = async (): Promise<void> => {
    if (running) {
      again = true;
      return;
    }
    const input = await deps.requestNow();
    const step = input && nextStep(input, last);
    if (!step || stopped) return;
    running = true;
    try {
      // Not read (the server was busy, a send went first): the next pause reads again from the start.
      last = (await deps.prefill(step.input)) ? step.read : null;
      if (last && step.more) again = true;
    } finally {
      running = false;
      if (again && !stopped) {
        again = false;
        void read();
      }
    }
  };

  const cancelPause = (): void => {
    if (timer !== null) deps.timers.clearTimeout(timer);
    timer = null;
  };
  return {
    typed: () => {
      cancelPause();
      timer = deps.timers.setTimeout(() => ((timer = null), void read()), READ_AHEAD_PAUSE_MS);
    },
    cancelPause,
    stop: () => {
      stopped = true;
      cancelPause();
    },
  };
}

interface ReadSoFar {
  /** the prompt before the draft, and where it goes */
  context: string;
  /** the draft as far as it was read */
  text: string;
}

/**
 * The next read of `input` (the whole draft as its last message): at most READ_AHEAD_STEP_CHARS past what `last` read;
 * null when all of it was read.
 */
function nextStep(
  input: PrefillInput,
  last: ReadSoFar | null,
): { input: PrefillInput; read: ReadSoFar; more: boolean } | null {
  const question = input.messages.at(-1);
  if (question?.role !== 'user' || typeof question.content !== 'string') return null;
  const context = JSON.stringify([input.systemPrompt, input.messages.slice(0, -1), input.idSlot, input.conversationId]);
  const text = question.content;
  if (last?.context === context && last.text === text) return null;
  let readUpTo = 0;
  if (last?.context === context)
    while (readUpTo < Math.min(text.length, last.text.length) && text[readUpTo] === last.text[readUpTo]) readUpTo++;
  const upTo = Math.min(text.length, readUpTo + READ_AHEAD_STEP_CHARS);
  const part = text.slice(0, upTo);
  return {
    input: { ...input, messages: [...input.messages.slice(0, -1), { ...question, content: part }] },
    read: { context, text: part },
    more: upTo < text.length,
  };
}

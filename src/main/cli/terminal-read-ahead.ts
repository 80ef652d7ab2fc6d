// `eva chat` reads a question ahead while it is typed in a terminal, as the
// window's composer does (@shared/chat/read-ahead-driver.ts): readline's key
// presses are the typing, its line is the draft. At a pause the local model
// reads the conversation and the line so far, so after Enter it reads only the
// last words. Enter itself ends the pause: the line is being sent.
import type { PrefillInput } from '@shared/chat/prefill';
import { createReadAheadDriver, type PauseTimers } from '@shared/chat/read-ahead-driver';
import type { CoreSession } from './core-session';

export interface TerminalReadAheadDeps {
  session: Pick<CoreSession, 'invoke'>;
  /** the terminal's input: readline makes it emit 'keypress' when it reads it as a terminal */
  input: NodeJS.EventEmitter;
  /** the line as typed so far (readline's `line`) */
  line: () => string;
  /**
   * what sending `question` now would carry; null where it would not be a chat to the local model (an answer streams, a
   * link)
   */
  request: (question: string) => PrefillInput | null;
  timers?: PauseTimers;
}

interface KeyPress {
  name?: string;
}

/** Starts following the typing; returns the stop. */
export function readAheadInTerminal(deps: TerminalReadAheadDeps): () => void {
  const driver = createReadAheadDriver({
    requestNow: () => {
      // What the REPL would send for the line: trimmed, and not a slash command.
      const question = deps.line().trim();
      return question === '' || question.startsWith('/') ? null : deps.request(question);
    },
    // Reading ahead only warms the cache: a failed one costs the question nothing, which sends its own request.
    prefill: async (input) => (await deps.session.invoke('chat:prefill', input).catch(() => null))?.done === true,
    timers: deps.timers ?? {
      setTimeout: (callback, ms) => setTimeout(callback, ms),
      clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
    },
  });
  const onKeyPress = (_text: string | undefined, key: KeyPress | undefined): void => {
    if (key?.name === 'return' || key?.name === 'enter') driver.cancelPause();
    else driver.typed();
  };
  deps.input.on('keypress', onKeyPress);
  return () => {
    deps.input.off('keypress', onKeyPress);
    driver.stop();
  };
}

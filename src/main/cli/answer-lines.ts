// Splits what is typed or piped into answers, one per line. Node's readline
// cannot do this for a hidden answer: in raw mode Enter arrives as a lone "\r",
// and readline then drops a "\n" that comes within 100 ms as the second half of
// a CRLF — the Enter of the next answer, when the wizard answers quickly or a
// script types. So a line end is decided by position, never by time:
// - cooked (a terminal's usual mode, or a pipe): "\n" ends a line; "\r" does too,
//   and a "\n" right after it is the rest of that CRLF;
// - raw (a hidden answer): "\r" or "\n" ends the line with no CRLF pairing,
//   Backspace removes the last character, and Ctrl+C ends it as CTRL_C.
import { StringDecoder } from 'node:string_decoder';

export const CTRL_C = '\x03';

export interface AnswerLines {
  /** feeds a chunk of input; `onLine` is called for each line it completes */
  push(chunk: Buffer | string): void;
  /** the input ended: what was typed after the last line end, if anything */
  end(): string | null;
  /** raw while a hidden answer is read (the terminal then echoes and edits nothing) */
  setRaw(raw: boolean): void;
}

export function createAnswerLines(onLine: (line: string) => void): AnswerLines {
  const decoder = new StringDecoder('utf8');
  let pending = '';
  let raw = false;
  let afterReturn = false;
  const finish = (line: string) => {
    pending = '';
    onLine(line);
  };
  return {
    push(chunk) {
      const text = typeof chunk === 'string' ? chunk : decoder.write(chunk);
      for (const char of text) {
        const wasAfterReturn = afterReturn;
        afterReturn = false;
        if (raw) {
          if (char === '\r' || char === '\n') finish(pending);
          else if (char === '\x7f' || char === '\b') pending = [...pending].slice(0, -1).join('');
          else if (char === CTRL_C) finish(CTRL_C);
          else pending += char;
        } else if (char === '\n') {
          if (!wasAfterReturn) finish(pending);
        } else if (char === '\r') {
          afterReturn = true;
          finish(pending);
        } else pending += char;
      }
    },
    end() {
      pending += decoder.end();
      const rest = pending;
      pending = '';
      return rest === '' ? null : rest;
    },
    setRaw(value) {
      raw = value;
      afterReturn = false;
    },
  };
}

// Output written for a terminal, as a log sees it. pip and the script print
// plain lines, but tqdm redraws its bar in place: `\rWriting: 10%|…` then
// `\rWriting: 20%|…` on one line, ended by a newline only when it closes.
// Every piece between two separators is a segment (progress reads those); a
// line is what a terminal shows when the newline comes, the text after the last
// `\r` (the log keeps those, one per bar, not one per redraw). CRLF is one
// newline, also when a chunk ends between the two. Pure.

export interface TerminalLineReader {
  push(text: string): void;
  /** the stream ended: what is left is a line */
  end(): void;
}

// A run of output without any separator this long is cut: memory stays bounded whatever the child prints.
const MAX_PENDING = 64 * 1024;

export function terminalLineReader(on: {
  segment?: (text: string) => void;
  line?: (text: string) => void;
}): TerminalLineReader {
  let pending = '';
  const emit = (text: string, isLine: boolean) => {
    if (text !== '') on.segment?.(text);
    if (isLine) on.line?.(text);
  };
  return {
    push(text) {
      pending += text;
      for (;;) {
        const at = pending.search(/[\r\n]/);
        if (at < 0) break;
        if (pending[at] === '\r') {
          // Wait for the next chunk: a `\n` may follow and make this a CRLF.
          if (at === pending.length - 1) return;
          const crlf = pending[at + 1] === '\n';
          emit(pending.slice(0, at), crlf);
          pending = pending.slice(at + (crlf ? 2 : 1));
        } else {
          emit(pending.slice(0, at), true);
          pending = pending.slice(at + 1);
        }
      }
      if (pending.length > MAX_PENDING) {
        emit(pending, false);
        pending = '';
      }
    },
    end() {
      const rest = pending.replace(/\r$/, '');
      pending = '';
      if (rest !== '') emit(rest, true);
    },
  };
}

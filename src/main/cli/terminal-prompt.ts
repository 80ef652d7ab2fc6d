// Questions asked in the terminal (approval cards): one line read from stdin
// per question, whether stdin is a terminal or a pipe (a script can answer
// them). When stdin has ended there is nobody to ask: the answer is null.
import { createInterface, type Interface } from 'node:readline';

export interface TerminalPrompt {
  /** writes `question` to stderr and resolves with the next line, or null when stdin ended */
  ask(question: string): Promise<string | null>;
  /** as ask, without showing what is typed when stdin is a terminal (an API key) */
  askHidden(question: string): Promise<string | null>;
  /** a line for the person answering (stderr) */
  say(text: string): void;
  close(): void;
}

export function createTerminalPrompt(input: NodeJS.ReadableStream & { isTTY?: boolean; setRawMode?: (raw: boolean) => unknown } = process.stdin, output: NodeJS.WritableStream = process.stderr): TerminalPrompt {
  let lines: Interface | null = null;
  const queued: string[] = [];
  const waiting: ((line: string | null) => void)[] = [];
  let ended = false;
  const open = () => {
    if (lines) return;
    lines = createInterface({ input, terminal: false });
    lines.on('line', (line) => {
      const next = waiting.shift();
      if (next) next(line);
      else queued.push(line);
    });
    lines.on('close', () => {
      ended = true;
      for (const next of waiting.splice(0)) next(null);
    });
  };
  const ask = (question: string): Promise<string | null> => {
    open();
    output.write(question);
    const line = queued.shift();
    if (line !== undefined) return Promise.resolve(line);
    if (ended) return Promise.resolve(null);
    return new Promise((resolve) => waiting.push(resolve));
  };
  return {
    ask,
    async askHidden(question) {
      // In raw mode the terminal echoes nothing, Enter arrives as "\r" (a line end to readline) and Ctrl+C as "\x03".
      const hide = input.isTTY === true && typeof input.setRawMode === 'function';
      if (hide) input.setRawMode!(true);
      try {
        const line = await ask(question);
        if (hide) output.write('\n');
        return line !== null && line.includes('\x03') ? null : line;
      } finally {
        if (hide) input.setRawMode!(false);
      }
    },
    say: (text) => void output.write(`${text}\n`),
    close: () => lines?.close(),
  };
}

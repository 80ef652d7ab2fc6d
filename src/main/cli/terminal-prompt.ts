// Questions asked in the terminal (the setup wizard, approval cards): one line
// read from stdin per question, whether stdin is a terminal or a pipe (a script
// can answer them). When stdin has ended there is nobody to ask: the answer is
// null.
import { createAnswerLines, CTRL_C } from './answer-lines';
import { Interrupted } from './exit-codes';
import { allowsColour } from './terminal-colour';

export interface TerminalPrompt {
  /** writes `question` to stderr and resolves with the next line, or null when stdin ended */
  ask(question: string): Promise<string | null>;
  /**
   * as ask, without showing what is typed when stdin is a terminal (an API key); Ctrl+C there rejects with Interrupted
   */
  askHidden(question: string): Promise<string | null>;
  /** a line for the person answering (stderr) */
  say(text: string): void;
  /** whether what is written for the person answering may be coloured (terminal-colour.ts) */
  colour: boolean;
  close(): void;
}

type Input = NodeJS.ReadableStream & { isTTY?: boolean; setRawMode?: (raw: boolean) => unknown };

export function createTerminalPrompt(
  input: Input = process.stdin,
  output: NodeJS.WritableStream & { isTTY?: boolean } = process.stderr,
  env: Readonly<Record<string, string | undefined>> = process.env,
): TerminalPrompt {
  const queued: string[] = [];
  const waiting: ((line: string | null) => void)[] = [];
  let ended = false;
  let listening = false;
  const deliver = (line: string | null) => {
    const next = waiting.shift();
    if (next) next(line);
    else if (line !== null) queued.push(line);
  };
  const lines = createAnswerLines(deliver);
  const onData = (chunk: Buffer | string) => lines.push(chunk);
  const onEnd = () => {
    const rest = lines.end();
    if (rest !== null) deliver(rest);
    ended = true;
    for (const next of waiting.splice(0)) next(null);
  };
  const listen = () => {
    if (listening) return;
    listening = true;
    input.on('data', onData);
    input.on('end', onEnd);
    input.resume();
  };
  const ask = (question: string): Promise<string | null> => {
    listen();
    output.write(question);
    const line = queued.shift();
    if (line !== undefined) return Promise.resolve(line);
    if (ended) return Promise.resolve(null);
    return new Promise((resolve) => waiting.push(resolve));
  };
  return {
    ask,
    async askHidden(question) {
      // In raw mode the terminal echoes nothing and raises no signal: Ctrl+C
      // arrives as a character and ends the command here, before anything
      // after the question runs (a signal raised instead would race with it).
      const hide = input.isTTY === true && typeof input.setRawMode === 'function';
      if (hide) {
        input.setRawMode!(true);
        lines.setRaw(true);
      }
      let line: string | null;
      try {
        line = await ask(question);
      } finally {
        if (hide) {
          lines.setRaw(false);
          input.setRawMode!(false);
          output.write('\n');
        }
      }
      if (line === CTRL_C) throw new Interrupted('interrupted');
      return line;
    },
    say: (text) => void output.write(`${text}\n`),
    colour: allowsColour(output, env),
    close: () => {
      input.off('data', onData);
      input.off('end', onEnd);
      input.pause();
      listening = false;
    },
  };
}

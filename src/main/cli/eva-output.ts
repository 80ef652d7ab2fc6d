// How `eva` writes: text for people, or (--json) one JSON object per line for
// scripts. A reader that went away (`eva ask … | head -1`) is not an error.
import { cliErrorText, cliLanguage, type CliLanguage } from './cli-error-text';

export interface EvaOutput {
  json: boolean;
  /** part of the answer, as it streams */
  text(chunk: string): void;
  /** a whole line of text, or a JSON event */
  line(text: string, event?: Record<string, unknown>): void;
  /** a JSON event with no text form (written only with --json) */
  event(event: Record<string, unknown>): void;
  /** why something failed, on stderr (a JSON event on stdout with --json) */
  error(message: string, code?: string): void;
  /** the reader closed stdout */
  readonly closed: boolean;
}

export function createOutput(
  json: boolean,
  stdout: NodeJS.WritableStream = process.stdout,
  stderr: NodeJS.WritableStream = process.stderr,
  // Words for people follow the terminal's language; --json keeps the core's sentence and code for scripts.
  language: CliLanguage = cliLanguage(undefined),
): EvaOutput {
  let closed = false;
  stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') closed = true;
    else throw error;
  });
  const write = (text: string) => {
    if (!closed) stdout.write(text);
  };
  return {
    json,
    text: (chunk) => (json ? write(`${JSON.stringify({ type: 'content', text: chunk })}\n`) : write(chunk)),
    event: (event) => {
      if (json) write(`${JSON.stringify(event)}\n`);
    },
    line: (text, event) => write(json ? `${JSON.stringify(event ?? { type: 'line', text })}\n` : `${text}\n`),
    error: (message, code) =>
      json
        ? write(`${JSON.stringify({ type: 'error', code: code ?? 'error', message })}\n`)
        : stderr.write(`eva: ${cliErrorText({ code, message }, language)}\n`),
    get closed() {
      return closed;
    },
  };
}

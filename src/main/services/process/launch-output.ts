// What a launched child's output is for. Every mode keeps the last lines for
// the exit record; memory stays bounded whatever the child prints (a command
// writing a gigabyte without a newline included).
import type { ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { StringDecoder } from 'node:string_decoder';
import { OutputCollector, type CappedOutput } from '@shared/tools/output-cap';

export type LaunchOutput =
  /**
   * every complete line of stdout and stderr, synchronously as it is read (readiness depends on seeing them at once)
   */
  | { mode: 'lines'; onLine: (stream: 'stdout' | 'stderr', line: string) => void }
  /**
   * the text of stdout and stderr as it arrives, partial lines included (progress written without a newline, `[3]ppl,`,
   * or a line in two parts); stderr kept as last lines
   */
  | { mode: 'text'; onText: (stream: 'stdout' | 'stderr', text: string) => void }
  /**
   * head + tail of the output, at most `maxChars`; `streams: 'stdout'` leaves stderr to the last lines only;
   * `holdStdin`: stdin is a pipe that is never written, so a far end (an SSH session) sees the call end when it closes
   */
  | { mode: 'capture'; maxChars: number; streams?: 'both' | 'stdout'; holdStdin?: boolean }
  /** a Node IPC channel (JSON serialization); stdout is drained, stderr kept as last lines */
  | { mode: 'ipc'; onMessage: (message: unknown) => void }
  /** raw stdin/stdout for a framed protocol such as JSON-RPC over stdio; stderr kept as last lines */
  | { mode: 'rpc'; onStdout: (chunk: Buffer) => void }
  /** nothing but the last lines */
  | { mode: 'none' };

export interface OutputTap {
  lastLines(): string[];
  captured(): CappedOutput;
  /** stop reading (the pipes may be held open by an escaped grandchild) */
  close(): void;
}

const LAST_LINES = 50;
const MAX_LINE_CHARS = 2_000;

export function attachOutput(child: ChildProcess, output: LaunchOutput): OutputTap {
  const last = new LastLines(LAST_LINES);
  const collector = output.mode === 'capture' ? new OutputCollector(output.maxChars) : null;

  if (output.mode === 'lines') {
    for (const stream of ['stdout', 'stderr'] as const) {
      const readable = child[stream];
      if (!readable) continue;
      createInterface({ input: readable, crlfDelay: Infinity }).on('line', (line) => {
        last.pushLine(line);
        output.onLine(stream, line);
      });
    }
  } else if (output.mode === 'text') {
    for (const stream of ['stdout', 'stderr'] as const) {
      const readable = child[stream];
      if (!readable) continue;
      const decoder = new StringDecoder('utf8');
      const deliver = (text: string) => {
        if (text === '') return;
        // Only stderr: partial stdout text between its lines would garble the tail an error is judged by.
        if (stream === 'stderr') last.pushText(text);
        output.onText(stream, text);
      };
      readable.on('data', (chunk: Buffer) => deliver(decoder.write(chunk)));
      readable.on('end', () => deliver(decoder.end()));
    }
  } else {
    const stdoutCollected = output.mode === 'capture';
    const stderrCollected = output.mode === 'capture' && output.streams !== 'stdout';
    for (const [readable, collected] of [
      [child.stdout, stdoutCollected],
      [child.stderr, stderrCollected],
    ] as const) {
      if (!readable) continue;
      if (readable === child.stdout && output.mode === 'rpc') {
        readable.on('data', (chunk: Buffer) => output.onStdout(chunk));
        continue;
      }
      const decoder = new StringDecoder('utf8');
      const isStderr = readable === child.stderr;
      readable.on('data', (chunk: Buffer) => {
        const text = decoder.write(chunk);
        if (collected) collector?.push(text);
        if (isStderr || collected) last.pushText(text);
      });
      readable.on('end', () => {
        const text = decoder.end();
        if (collected) collector?.push(text);
        if (isStderr || collected) last.pushText(text);
      });
    }
  }
  if (output.mode === 'ipc') child.on('message', (message) => output.onMessage(message));

  return {
    lastLines: () => last.all(),
    captured: () => collector?.result() ?? { text: '', truncated: false, omittedChars: 0, totalChars: 0 },
    close: () => {
      child.stdout?.destroy();
      child.stderr?.destroy();
    },
  };
}

/** The last N lines of a stream of text chunks; a line longer than MAX_LINE_CHARS is cut. */
class LastLines {
  private readonly lines: string[] = [];
  private partial = '';

  constructor(private readonly max: number) {}

  pushLine(line: string): void {
    this.lines.push(line.length > MAX_LINE_CHARS ? `${line.slice(0, MAX_LINE_CHARS)}…` : line);
    if (this.lines.length > this.max) this.lines.shift();
  }

  pushText(text: string): void {
    const parts = (this.partial + text).split(/\r?\n/);
    this.partial = (parts.pop() ?? '').slice(-MAX_LINE_CHARS);
    for (const line of parts) this.pushLine(line);
  }

  all(): string[] {
    return this.partial === '' ? [...this.lines] : [...this.lines, this.partial];
  }
}

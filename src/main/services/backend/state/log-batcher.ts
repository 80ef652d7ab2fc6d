// Log lines reach the renderer in small batches: one event per line would
// flood IPC when llama-server prints hundreds of lines while loading.
import type { LogLine } from '@shared/contract';

const FLUSH_MS = 50;

export class LogBatcher {
  private pending: LogLine[] = [];
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly send: (lines: LogLine[]) => void) {}

  add(line: LogLine): void {
    this.pending.push(line);
    this.timer ??= setTimeout(() => this.flush(), FLUSH_MS);
  }

  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.pending.length === 0) return;
    const lines = this.pending;
    this.pending = [];
    this.send(lines);
  }
}

// `<data>/run/children.json`: every child this run has started and not yet seen
// exit, with the identity the OS gave it. Written synchronously, in the same
// turn as the spawn, so a crash a moment later still leaves the record; read by
// the guardian when the app dies and by the next start, on every OS.
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { ProcessIdentity } from './process-identity';

/** One child: who it is, what it is, whether it leads its own process group. */
export interface LedgerEntry extends ProcessIdentity {
  name: string;
  startedAt: number;
  /** true when it leads a process group of its own (signal -pid) */
  group: boolean;
}

export interface LedgerContent {
  version: 1;
  /** the app process that wrote it */
  owner: ProcessIdentity;
  children: LedgerEntry[];
}

export class ChildLedger {
  private readonly children = new Map<number, LedgerEntry>();

  constructor(
    readonly file: string,
    private readonly owner: ProcessIdentity,
  ) {
    mkdirSync(dirname(file), { recursive: true });
    this.write();
  }

  add(entry: LedgerEntry): void {
    this.children.set(entry.pid, entry);
    this.write();
  }

  remove(pid: number): void {
    if (this.children.delete(pid)) this.write();
  }

  entries(): LedgerEntry[] {
    return [...this.children.values()];
  }

  /** A clean exit: nothing is left to clean up after us. */
  close(): void {
    this.children.clear();
    rmSync(this.file, { force: true });
  }

  private write(): void {
    const content: LedgerContent = { version: 1, owner: this.owner, children: this.entries() };
    const temp = `${this.file}.${process.pid}.tmp`;
    try {
      writeFileSync(temp, JSON.stringify(content));
      renameSync(temp, this.file);
    } catch {
      // A full disk must not stop a child from starting; the guardian's tag scan still finds it on Linux.
    }
  }
}

/** The ledger a run left behind, or null when there is none (or it is unreadable). */
export function readLedger(file: string): LedgerContent | null {
  try {
    const raw = JSON.parse(readFileSync(file, 'utf8')) as Partial<LedgerContent>;
    if (raw.version !== 1 || !Array.isArray(raw.children)) return null;
    return { version: 1, owner: raw.owner as ProcessIdentity, children: raw.children.filter(isEntry) };
  } catch {
    return null;
  }
}

function isEntry(value: unknown): value is LedgerEntry {
  const entry = value as LedgerEntry;
  return (
    typeof entry === 'object' &&
    entry !== null &&
    Number.isInteger(entry.pid) &&
    typeof entry.startTime === 'string' &&
    typeof entry.cmdline === 'string'
  );
}

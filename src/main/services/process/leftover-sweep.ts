// Stops what a dead run left behind: the children its ledger lists (only those
// whose pid, start time and command line all still match) and, on Linux, every
// process that carries its environment tag. SIGTERM first, SIGKILL for those
// still there after the grace period. Used by the guardian when the app dies
// and by the next start of the app.
import { readLedger } from './child-ledger';
import { killTree } from './kill-tree';
import { findTaggedProcesses, readIdentity, sameProcess, type ProcessIdentity } from './process-identity';

export interface SweepOptions {
  ledgerFile: string;
  /** the environment variable every child carries, and which of its values belong to the dead run */
  tag?: { name: string; matches: (value: string) => boolean };
  graceMs: number;
  /** never touched (the sweeping process itself, its parent) */
  exclude?: readonly number[];
}

export interface SweptProcess {
  pid: number;
  name: string;
  cmdline: string;
}

export interface SweepReport {
  stopped: SweptProcess[];
  /** ledger entries whose pid now belongs to another program (or is gone): left alone */
  notOurs: number;
  /** the ledger's owner is still running: its children are its own business */
  ownerAlive: boolean;
}

interface Target extends ProcessIdentity {
  name: string;
  group: boolean;
}

const POLL_MS = 50;

export async function sweepLeftovers(options: SweepOptions): Promise<SweepReport> {
  const exclude = new Set([process.pid, ...(options.exclude ?? [])]);
  const ledger = readLedger(options.ledgerFile);
  const ownerAlive = ledger !== null && ledger.owner?.pid !== process.pid && sameProcess(ledger.owner);
  const targets = new Map<number, Target>();
  let notOurs = 0;
  if (ledger && !ownerAlive) {
    for (const entry of ledger.children) {
      if (exclude.has(entry.pid)) continue;
      if (sameProcess(entry)) targets.set(entry.pid, { ...entry });
      else notOurs++;
    }
  }
  if (options.tag) {
    for (const found of findTaggedProcesses(options.tag.name, options.tag.matches)) {
      if (!exclude.has(found.pid) && !targets.has(found.pid))
        targets.set(found.pid, { ...found, name: programName(found.cmdline), group: false });
    }
  }
  if (targets.size === 0) return { stopped: [], notOurs, ownerAlive };

  for (const target of targets.values()) signal(target, 'SIGTERM');
  const deadline = Date.now() + options.graceMs;
  let alive = [...targets.values()];
  while (alive.length > 0 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    alive = alive.filter(sameProcess);
  }
  // Checked again just before: a pid freed a moment ago is never someone else's SIGKILL.
  for (const target of alive) if (sameProcess(target)) signal(target, 'SIGKILL');
  const stopped = [...targets.values()].map(({ pid, name, cmdline }) => ({ pid, name, cmdline }));
  return { stopped, notOurs, ownerAlive };
}

function signal(target: Target, name: NodeJS.Signals): void {
  if (process.platform === 'win32') {
    killTree(target.pid, name);
    return;
  }
  try {
    // A group leader takes its whole group with it; a tagged straggler goes alone.
    if (target.group && readIdentity(target.pid)) process.kill(-target.pid, name);
    else process.kill(target.pid, name);
  } catch {
    try {
      process.kill(target.pid, name);
    } catch {
      // already gone
    }
  }
}

function programName(cmdline: string): string {
  const first = cmdline.split(' ')[0] ?? cmdline;
  return first.split(/[\\/]/).pop() ?? first;
}

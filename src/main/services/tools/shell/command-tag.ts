// Every process one execute_command call starts carries a tag of its own in its
// environment, and keeps it through fork and exec — also what leaves the
// command's process group (`setsid`, jobs under `set -m`, daemons that
// double-fork), which the group kill cannot reach. When the call ends,
// whatever still carries the tag is stopped: SIGTERM, SIGKILL after a grace.
//
// Linux reads the tags in /proc; elsewhere only the group kill applies. A
// program that starts with an empty environment (`env -i`) or overwrites its
// own in memory (setproctitle) loses the tag; the guardian's lifecycle tag has
// the same limit.
//
// Why not a PID namespace (`unshare --user --pid --fork --kill-child`), which
// nothing can leave: inside it `$!` and `ps` disagree (pids are the namespace's,
// /proc is the host's), `kill <pid from ps>` misses, and setuid tools such as
// sudo stop working, so ordinary commands would behave differently. Kernels
// and distributions that forbid unprivileged user namespaces would also need
// this path anyway.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { findTaggedProcesses, sameProcess, type ProcessIdentity } from '../../process/process-identity';

/** The environment variable that carries a call's tag. */
export const COMMAND_TAG = 'EVA_COMMAND_TAG';

const POLL_MS = 20;
// A tagged process may fork while it is being killed; each round takes what appeared since.
const KILL_ROUNDS = 10;

export function newCommandTag(): string {
  return randomBytes(12).toString('hex');
}

/** The live processes that carry this call's tag. */
export function findTagged(tag: string): ProcessIdentity[] {
  return findTaggedProcesses(COMMAND_TAG, (value) => value === tag);
}

/**
 * SIGTERM to everything carrying the tag, SIGKILL after `graceMs` to what is
 * left. Resolves with how many had left `group` (the command's process group,
 * which was already sent SIGKILL and may not have died yet).
 */
export async function stopTagged(tag: string, graceMs: number, group: number | null = null): Promise<number> {
  const found = findTagged(tag);
  if (found.length === 0) return 0;
  const strays = new Set(
    found.filter((target) => group === null || processGroupOf(target.pid) !== group).map((target) => target.pid),
  );
  for (const target of found) signal(target.pid, 'SIGTERM');
  const deadline = Date.now() + graceMs;
  let alive = found;
  while (alive.length > 0 && Date.now() < deadline) {
    await sleep(POLL_MS);
    alive = alive.filter(sameProcess);
  }
  for (let round = 0; round < KILL_ROUNDS; round++) {
    const left = findTagged(tag);
    if (left.length === 0) break;
    for (const target of left) {
      if (!found.some((first) => first.pid === target.pid)) strays.add(target.pid);
      signal(target.pid, 'SIGKILL');
    }
    await sleep(POLL_MS);
  }
  return strays.size;
}

/** One synchronous round of SIGKILL, for a worker that is about to exit. */
export function killTaggedNow(tag: string): void {
  for (const target of findTagged(tag)) signal(target.pid, 'SIGKILL');
}

function processGroupOf(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: read after the last ')'.
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]);
  } catch {
    return null;
  }
}

function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name);
  } catch {
    // gone meanwhile
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

// What is running under a process, read off /proc (Linux), independently of
// the app's own ledger: for tests that check nothing is left behind.
import { readFileSync, readdirSync } from 'node:fs';
import { readIdentity, type ProcessIdentity } from '@main/services/process/process-identity';

/** Every live descendant of `root` (children, grandchildren, …). */
export function descendants(root: number): ProcessIdentity[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // gone meanwhile
    }
  }
  const found: ProcessIdentity[] = [];
  const queue = [...(children.get(root) ?? [])];
  while (queue.length > 0) {
    const pid = queue.shift() as number;
    const identity = readIdentity(pid);
    if (identity) found.push(identity);
    queue.push(...(children.get(pid) ?? []));
  }
  return found;
}

/**
 * Every live process whose command line contains `needle`: found however far it got from its parent (setsid, double
 * forks).
 */
export function processesMatching(needle: string): ProcessIdentity[] {
  const found: ProcessIdentity[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    const identity = readIdentity(Number(entry));
    if (identity?.cmdline.includes(needle)) found.push(identity);
  }
  return found;
}

/** The process group and session of a live process (fields 5 and 6 of /proc/<pid>/stat), or null. */
export function groupAndSession(pid: number): { group: number; session: number } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { group: Number(fields[2]), session: Number(fields[3]) };
  } catch {
    return null;
  }
}

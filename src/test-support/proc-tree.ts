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

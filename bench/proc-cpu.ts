// CPU time of a process tree from Linux /proc: utime + stime of a root process
// and everything under it, in milliseconds. The chat benchmarks read it before
// and after an answer to say what the page and the host cost per token.
import { readdirSync, readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';

const TICKS_PER_SECOND = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

interface ProcInfo {
  pid: number;
  ppid: number;
  cpuMs: number;
  command: string;
}

function readProc(pid: number): ProcInfo | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command sits in parentheses and may hold spaces: the fields start after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
    return { pid, ppid: Number(fields[1]), cpuMs: (ticks * 1000) / TICKS_PER_SECOND, command };
  } catch {
    return null; // it ended meanwhile
  }
}

/** Every live process under `rootPid` (itself included) whose command `keep` accepts. */
export function processTree(rootPid: number, keep: (command: string) => boolean = () => true): ProcInfo[] {
  const all = readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map((name) => readProc(Number(name)))
    .filter((info): info is ProcInfo => info !== null);
  const children = new Map<number, ProcInfo[]>();
  for (const info of all) children.set(info.ppid, [...(children.get(info.ppid) ?? []), info]);
  const tree: ProcInfo[] = [];
  const root = all.find((info) => info.pid === rootPid);
  const queue = root ? [root] : [];
  while (queue.length > 0) {
    const next = queue.shift() as ProcInfo;
    tree.push(next);
    queue.push(...(children.get(next.pid) ?? []));
  }
  return tree.filter((info) => keep(info.command));
}

/**
 * CPU milliseconds used so far by the tree; a process that ends between two readings
 * takes its time with it, so read around work whose processes outlive it.
 */
export function treeCpuMs(rootPid: number, keep?: (command: string) => boolean): number {
  return processTree(rootPid, keep).reduce((sum, info) => sum + info.cpuMs, 0);
}

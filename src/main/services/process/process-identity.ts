// Who a pid is: its start time and command line, as the OS reports them. A pid
// alone is not an identity: after a crash and a reboot (or just a busy day) the
// same number can belong to someone else's program. The ledger stores these
// and nothing is ever signalled unless all three still match.
import { execFile, execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';

export interface ProcessIdentity {
  pid: number;
  /** OS-specific but stable for the life of the process (Linux: clock ticks after boot) */
  startTime: string;
  /** argv as the OS reports it, joined by spaces */
  cmdline: string;
}

/** The identity of a live process, or null when there is none (or it is a zombie). */
export function readIdentity(pid: number): ProcessIdentity | null {
  if (!Number.isInteger(pid) || pid <= 0) return null;
  if (process.platform === 'linux') return readLinux(pid);
  if (process.platform === 'win32') return readWindows(pid);
  return readPs(pid);
}

/** Linux reads /proc in microseconds; elsewhere an identity costs running `ps` or PowerShell. */
export const identityIsCheap = process.platform === 'linux';

/** The same, without blocking: for platforms where it means running a program. */
export function readIdentityLater(pid: number, done: (identity: ProcessIdentity | null) => void): void {
  if (identityIsCheap) {
    done(readIdentity(pid));
    return;
  }
  const [command, args] =
    process.platform === 'win32'
      ? ['powershell.exe', ['-NoProfile', '-NonInteractive', '-Command', windowsScript(pid)]]
      : ['ps', ['-o', 'lstart=', '-o', 'command=', '-p', String(pid)]];
  execFile(command, args, { encoding: 'utf8', windowsHide: true }, (error, out) =>
    done(error ? null : process.platform === 'win32' ? parseWindows(pid, out) : parsePs(pid, out)),
  );
}

/** true when `pid` is still the very process `expected` describes. */
export function sameProcess(expected: ProcessIdentity): boolean {
  const now = readIdentity(expected.pid);
  return now !== null && now.startTime === expected.startTime && now.cmdline === expected.cmdline;
}

function readLinux(pid: number): ProcessIdentity | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: read after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (fields[0] === 'Z' || fields[0] === 'X') return null;
    const startTime = fields[19];
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0$/, '').split('\0').join(' ');
    return startTime === undefined ? null : { pid, startTime, cmdline };
  } catch {
    return null;
  }
}

function readPs(pid: number): ProcessIdentity | null {
  try {
    return parsePs(
      pid,
      execFileSync('ps', ['-o', 'lstart=', '-o', 'command=', '-p', String(pid)], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      }),
    );
  } catch {
    return null;
  }
}

function parsePs(pid: number, out: string): ProcessIdentity | null {
  const text = out.trim();
  // lstart is a fixed 24-character date ("Tue Nov 24 10:00:00 2026").
  return text === '' ? null : { pid, startTime: text.slice(0, 24), cmdline: text.slice(24).trim() };
}

function windowsScript(pid: number): string {
  return `$p = Get-CimInstance Win32_Process -Filter "ProcessId=${pid}"; if ($p) { $p.CreationDate.ToString('o'); $p.CommandLine }`;
}

function readWindows(pid: number): ProcessIdentity | null {
  try {
    return parseWindows(
      pid,
      execFileSync('powershell.exe', ['-NoProfile', '-NonInteractive', '-Command', windowsScript(pid)], {
        encoding: 'utf8',
        windowsHide: true,
        stdio: ['ignore', 'pipe', 'ignore'],
      }),
    );
  } catch {
    return null;
  }
}

function parseWindows(pid: number, out: string): ProcessIdentity | null {
  const [startTime, ...rest] = out.split(/\r?\n/);
  return startTime?.trim() ? { pid, startTime: startTime.trim(), cmdline: rest.join(' ').trim() } : null;
}

/**
 * Linux only: the live processes whose environment holds `name=value…`. Every child
 * the lifecycle starts carries the tag, and so does everything *it* starts, even a
 * daemon that left its process group — the one trace that survives double forks.
 */
export function findTaggedProcesses(name: string, matches: (value: string) => boolean): ProcessIdentity[] {
  if (process.platform !== 'linux') return [];
  const prefix = `${name}=`;
  const found: ProcessIdentity[] = [];
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return [];
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    const pid = Number(entry);
    if (pid === process.pid) continue;
    let environ: string;
    try {
      environ = readFileSync(`/proc/${pid}/environ`, 'latin1');
    } catch {
      continue; // gone, or not ours to read
    }
    const variable = environ.split('\0').find((item) => item.startsWith(prefix));
    if (variable === undefined || !matches(variable.slice(prefix.length))) continue;
    const identity = readLinux(pid);
    if (identity) found.push(identity);
  }
  return found;
}

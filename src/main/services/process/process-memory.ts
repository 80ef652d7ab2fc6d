// How much memory a child holds: its resident set as the OS reports it (Linux:
// VmRSS in /proc, read in microseconds; macOS and other Unix: `ps`; Windows:
// the working set through PowerShell), and which child of a process serves a
// port (the pool's router starts one llama-server per model). Reading only:
// nothing here is signalled or started for long.
import { execFile } from 'node:child_process';
import { readFile, readdir } from 'node:fs/promises';

/** The resident set of `pid` in bytes, or null when it cannot be read (gone, or not ours). */
export async function readResidentBytes(pid: number): Promise<number | null> {
  if (!Number.isInteger(pid) || pid <= 0) return null;
  if (process.platform === 'linux') return readLinuxRss(pid);
  if (process.platform === 'win32')
    return (
      run('powershell.exe', ['-NoProfile', '-NonInteractive', '-Command', `(Get-Process -Id ${pid}).WorkingSet64`])
        .then((out) => bytesOf(out, 1))
        // The process ended, or PowerShell could not read it: no figure, as for any process not there.
        .catch(() => null)
    );
  return (
    run('ps', ['-o', 'rss=', '-p', String(pid)])
      .then((out) => bytesOf(out, 1024))
      // The process ended, or ps could not read it: no figure.
      .catch(() => null)
  );
}

/** Whether a resident set is read here cheaply enough to sample it every few hundred milliseconds. */
export const residentIsCheap = process.platform === 'linux';

async function readLinuxRss(pid: number): Promise<number | null> {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const match = /^VmRSS:\s+(\d+)\s+kB$/m.exec(status);
    return match ? Number(match[1]) * 1024 : null;
  } catch {
    return null;
  }
}

/**
 * The child of `parentPid` whose command line holds `flag value` (the pool's model server by its `--port`), or null.
 * Linux reads /proc; elsewhere `ps` lists every process once.
 */
export async function childWithArgument(parentPid: number, flag: string, value: string): Promise<number | null> {
  const wanted = (args: readonly string[]) => args.some((arg, index) => arg === flag && args[index + 1] === value);
  if (process.platform === 'linux') {
    // No /proc to read (a locked-down container): no child found, so no figure.
    for (const entry of await readdir('/proc').catch(() => [] as string[])) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const stat = await readFile(`/proc/${entry}/stat`, 'utf8');
        const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        if (parent !== parentPid) continue;
        const args = (await readFile(`/proc/${entry}/cmdline`, 'utf8')).replace(/\0$/, '').split('\0');
        if (wanted(args)) return Number(entry);
      } catch {
        // gone meanwhile
      }
    }
    return null;
  }
  if (process.platform === 'win32') return null;
  // ps missing or refused: no child found, so no figure.
  const listing = await run('ps', ['-axo', 'pid=,ppid=,command=']).catch(() => '');
  for (const line of listing.split('\n')) {
    const match = /^\s*(\d+)\s+(\d+)\s+(.*)$/.exec(line);
    if (match && Number(match[2]) === parentPid && wanted(match[3]!.split(/\s+/))) return Number(match[1]);
  }
  return null;
}

function bytesOf(out: string, unit: number): number | null {
  const value = Number(out.trim());
  return Number.isFinite(value) && value > 0 ? value * unit : null;
}

function run(command: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) =>
    execFile(command, args, { encoding: 'utf8', windowsHide: true, timeout: 5000 }, (error, out) =>
      error ? reject(error) : resolve(out),
    ),
  );
}

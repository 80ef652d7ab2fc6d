// "Is this process still running?" for tests. A killed process whose parent has
// gone stays a zombie until init reaps it, and some container inits reap only
// every few seconds; a zombie runs nothing, so on Linux it counts as gone.
import { readFileSync } from 'node:fs';
import { isAlive } from '@main/services/process/kill-tree';

export function isRunning(pid: number): boolean {
  if (!isAlive(pid)) return false;
  if (process.platform !== 'linux') return true;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}

export async function waitUntil(check: () => boolean, timeoutMs = 5000): Promise<void> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

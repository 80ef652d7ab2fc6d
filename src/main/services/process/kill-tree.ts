// Signal a process and everything it started. On POSIX the supervisor starts
// children as process-group leaders, so a negative pid reaches the whole group;
// on Windows taskkill walks the tree.
import { spawnSync } from 'node:child_process';

export function killTree(pid: number, signal: NodeJS.Signals): void {
  if (process.platform === 'win32') {
    spawnSync('taskkill', ['/PID', String(pid), '/T', '/F'], { windowsHide: true });
    return;
  }
  try {
    process.kill(-pid, signal);
  } catch {
    // The group may already be gone; fall back to the single pid.
    try {
      process.kill(pid, signal);
    } catch {
      // already exited
    }
  }
}

/** true if a process with this pid exists (zombies count as gone only after reaping). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

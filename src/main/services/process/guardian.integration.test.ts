// The guardian with real processes: an app (a stand-in child process holding a
// lifecycle) is SIGKILLed; the guardian notices at once through its pipe and
// stops the app's children, a daemon that left their process group included
// (Linux: found by its lifecycle tag), then exits itself.
import { spawn } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';
import { LIFECYCLE_CHILD as CHILD } from '@test-support/child-scripts';
import { descendants } from '@test-support/proc-tree';
import { readIdentity } from './process-identity';

describe.runIf(process.platform === 'linux')('guardian (Linux: a setsid daemon is found by its tag in /proc)', () => {
  it('stops every child of an app killed with SIGKILL within seconds, then exits', async () => {
    const runDir = join(await mkdtemp(join(tmpdir(), 'eva-guardian-')), 'run');
    const app = spawn(process.execPath, ['--import', 'tsx', CHILD, runDir], { stdio: ['ignore', 'pipe', 'inherit'] });
    const pids = await new Promise<{ sleeper: number; daemon: number }>((resolve, reject) => {
      createInterface({ input: app.stdout }).on('line', (line) => resolve(JSON.parse(line)));
      app.once('exit', (code) => reject(new Error(`the app stand-in exited with ${code}`)));
    });
    const watched = [pids.sleeper, pids.daemon].map((pid) => readIdentity(pid));
    expect(watched.every((identity) => identity !== null)).toBe(true);
    const guardian = guardianOf(app.pid as number);
    expect(guardian).not.toBeNull();
    app.kill('SIGKILL');
    const start = Date.now();
    while ([pids.sleeper, pids.daemon, guardian as number].some((pid) => readIdentity(pid) !== null)) {
      if (Date.now() - start > 5_000)
        throw new Error(`still running 5 s after the kill: ${JSON.stringify({ ...pids, guardian })}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }, 30_000);
});

/** The guardian is the app's child whose command line names process-guardian (it is started before anything else). */
function guardianOf(appPid: number): number | null {
  return descendants(appPid).find((identity) => identity.cmdline.includes('process-guardian'))?.pid ?? null;
}

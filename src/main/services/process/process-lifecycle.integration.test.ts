// The lifecycle with real processes and a real ledger file: children are
// recorded with their OS identity and forgotten when they exit; a start finds
// and stops what an earlier run left (by ledger, and on Linux by tag, even a
// daemon that left its process group), and never touches a pid that now
// belongs to another program.
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readLedger } from './child-ledger';
import { isAlive } from './kill-tree';
import { LIFECYCLE_TAG } from './lifecycle-tag';
import { openProcessLifecycle } from './process-lifecycle';
import { readIdentity } from './process-identity';

const waitFor = async (check: () => boolean, timeoutMs = 5000): Promise<void> => {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
};

/** A process that is not ours to manage: detached, in its own session, reaped by nobody we care about. */
function stranger(env: NodeJS.ProcessEnv = process.env): number {
  const child = spawn('sleep', ['60'], { detached: true, stdio: 'ignore', env });
  child.unref();
  return child.pid as number;
}

describe('process lifecycle', () => {
  it('records each child with its identity in the ledger, and forgets it when it exits', async () => {
    const runDir = join(await mkdtemp(join(tmpdir(), 'eva-life-')), 'run');
    const lifecycle = await openProcessLifecycle({ runDir });
    const proc = lifecycle.launch({ name: 'sleeper', command: 'sleep', args: ['60'], output: { mode: 'none' } });
    const ledger = readLedger(join(runDir, 'children.json'));
    expect(ledger?.owner.pid).toBe(process.pid);
    expect(ledger?.children).toEqual([
      expect.objectContaining({
        pid: proc.pid,
        name: 'sleeper',
        cmdline: 'sleep 60',
        group: true,
        startTime: readIdentity(proc.pid as number)?.startTime,
      }),
    ]);
    await proc.stop(500);
    expect(readLedger(join(runDir, 'children.json'))?.children).toEqual([]);
    const release = lifecycle.adopt(proc.pid as number, 'gone');
    release();
    await lifecycle.close();
    expect(readLedger(join(runDir, 'children.json'))).toBeNull();
  });

  it.runIf(process.platform === 'linux')(
    'a start stops the children an earlier run left, and only those whose identity still matches (Linux: identities read from /proc here)',
    async () => {
      const runDir = join(await mkdtemp(join(tmpdir(), 'eva-life-')), 'run');
      await mkdir(runDir, { recursive: true });
      const leftover = stranger();
      const innocent = stranger();
      const leftoverId = readIdentity(leftover);
      const innocentId = readIdentity(innocent);
      // The innocent one has the pid of an old entry but another start time: a reused pid.
      const ledger = {
        version: 1,
        owner: { pid: 999_999, startTime: '1', cmdline: 'dead app' },
        children: [
          { ...leftoverId, name: 'llama-server', startedAt: 0, group: true },
          { ...innocentId, startTime: `${innocentId?.startTime}0`, name: 'llama-server', startedAt: 0, group: true },
        ],
      };
      await writeFile(join(runDir, 'children.json'), JSON.stringify(ledger));
      const lifecycle = await openProcessLifecycle({ runDir, sweepGraceMs: 500 });
      expect(lifecycle.leftovers.stopped.map((p) => p.pid)).toEqual([leftover]);
      expect(lifecycle.leftovers.notOurs).toBe(1);
      await waitFor(() => !isAlive(leftover) || readIdentity(leftover) === null);
      expect(readIdentity(innocent)).not.toBeNull();
      process.kill(innocent, 'SIGKILL');
      await lifecycle.close();
    },
  );

  it.runIf(process.platform === 'linux')(
    'a start also stops a straggler that escaped the ledger but carries the tag of this data dir (Linux: tags are read from /proc/<pid>/environ)',
    async () => {
      const dataDir = await mkdtemp(join(tmpdir(), 'eva-life-'));
      const runDir = join(dataDir, 'run');
      const first = await openProcessLifecycle({ runDir, scopeKey: dataDir });
      // A child of the first run prints its own tag; a daemon started with it would carry the same.
      const probe = first.launch({
        name: 'probe',
        command: process.execPath,
        args: ['-e', `console.log(process.env.${LIFECYCLE_TAG})`],
        output: { mode: 'capture', maxChars: 200 },
      });
      await probe.exited;
      const tag = probe.captured().text.trim();
      expect(tag).toMatch(/^[0-9a-f]{16}\/[0-9a-f]{12}$/);
      const daemon = stranger({ ...process.env, [LIFECYCLE_TAG]: tag });
      const otherDir = stranger({ ...process.env, [LIFECYCLE_TAG]: `0000000000000000/${tag.split('/')[1]}` });
      // The first run dies without closing (its ledger is left as it was).
      const second = await openProcessLifecycle({ runDir, scopeKey: dataDir, sweepGraceMs: 500 });
      expect(second.leftovers.stopped.map((p) => p.pid)).toContain(daemon);
      expect(second.leftovers.stopped.map((p) => p.pid)).not.toContain(otherDir);
      await waitFor(() => readIdentity(daemon) === null);
      expect(readIdentity(otherDir)).not.toBeNull();
      process.kill(otherDir, 'SIGKILL');
      await second.close();
      await first.close();
    },
  );

  it.runIf(process.platform === 'linux')(
    'leaves the children of a ledger whose owner is still running alone (Linux: identities read from /proc here)',
    async () => {
      const runDir = join(await mkdtemp(join(tmpdir(), 'eva-life-')), 'run');
      await mkdir(runDir, { recursive: true });
      const child = stranger();
      const ledger = {
        version: 1,
        owner: readIdentity(process.ppid),
        children: [{ ...readIdentity(child), name: 'x', startedAt: 0, group: true }],
      };
      await writeFile(join(runDir, 'children.json'), JSON.stringify(ledger));
      const lifecycle = await openProcessLifecycle({ runDir, sweepGraceMs: 300 });
      expect(lifecycle.leftovers).toMatchObject({ stopped: [], ownerAlive: true });
      expect(readIdentity(child)).not.toBeNull();
      process.kill(child, 'SIGKILL');
      await lifecycle.close();
      expect(await readFile(join(runDir, 'children.json'), 'utf8').catch(() => 'removed')).toBe('removed');
    },
  );
});

// execute_command ends everything a call started, also what left its process
// group — `setsid`, `setsid -f`, a double fork into a new session, a `set -m`
// job — when the command finishes, times out or is stopped. Real bash, real
// processes, checked in /proc: each sleep is found by a duration no other
// process uses, however far it got from its parent.
import { randomInt } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { groupAndSession, processesMatching } from '@test-support/proc-tree';
import { waitUntil } from '@test-support/tools/process-state';
import { makeTempWorkspace, type TempWorkspace } from '@test-support/tools/temp-workspace';
import { executeCommandTool } from './execute-command';
import { findTagged } from './command-tag';

let t: TempWorkspace;
let id = '';
beforeEach(async () => {
  t = await makeTempWorkspace();
  id = String(randomInt(100_000, 999_999));
});
afterEach(async () => {
  // Whatever a failing test left is not left for the next one.
  for (const survivor of sleepers()) process.kill(survivor.pid, 'SIGKILL');
  await t.cleanup();
});

/** A sleep duration only this test uses: 1000.<id><n> seconds. */
const nap = (n: number) => `1000.${id}${n}`;
/** The test's sleeps still running (not the shell, whose own command line names them too). */
const sleepers = () =>
  processesMatching(`1000.${id}`).filter((p) => p.cmdline.startsWith('sleep ') || p.cmdline.startsWith('bash -c trap'));

const ESCAPES = (leaderWaits: string) =>
  [
    `setsid sleep ${nap(1)} &`, // a new session, same process
    `setsid -f sleep ${nap(2)}`, // setsid forks first: a double fork into a new session
    `(setsid sleep ${nap(3)} &) &`, // double fork, then a new session
    `(sleep ${nap(4)} &) &`, // double fork that stays in the group
    `nohup sleep ${nap(5)} >/dev/null 2>&1 &`, // nohup alone stays in the group
    `nohup setsid sleep ${nap(6)} >/dev/null 2>&1 &`,
    `set -m; sleep ${nap(7)} & set +m`, // job control: a process group of its own
    leaderWaits,
  ].join('\n');

function start(command: string, extra: Record<string, unknown> = {}, signal?: AbortSignal) {
  const leader = { pid: 0 };
  const pending = executeCommandTool(
    { command, ...extra },
    { ...t.context(signal), reportChild: (pid) => (leader.pid = pid) },
  );
  return { leader, pending };
}

/** All seven sleeps run, and five of them are out of the leader's process group (the group kill alone misses them). */
async function allSevenRunning(leader: { pid: number }) {
  await waitUntil(() => sleepers().length === 7, 5000);
  const outOfGroup = sleepers().filter((p) => groupAndSession(p.pid)?.group !== leader.pid);
  expect(outOfGroup.map((p) => p.cmdline).sort()).toEqual([1, 2, 3, 6, 7].map((n) => `sleep ${nap(n)}`));
}

describe.runIf(process.platform === 'linux')('execute_command: nothing the call started outlives it', () => {
  it('when the command finishes', async () => {
    const { leader, pending } = start(ESCAPES('sleep 1; echo done'));
    await allSevenRunning(leader);
    const result = await pending;
    expect(result.status).toBe('ok');
    expect(result.output).toMatch(
      /^done\n\[exit code 0\]\n\[5 processes it started outside its process group \(setsid, a daemon\) were stopped with it\]$/,
    );
    expect(result.details).toMatchObject({ strays: 5 });
    expect(sleepers()).toEqual([]);
  });

  it('when it times out', async () => {
    const { leader, pending } = start(ESCAPES('echo waiting; sleep 60'), { timeout_seconds: 2 });
    await allSevenRunning(leader);
    const result = await pending;
    expect(result).toMatchObject({ status: 'timeout', output: 'waiting' });
    expect(sleepers()).toEqual([]);
  });

  it('when the user stops it', async () => {
    const controller = new AbortController();
    const { leader, pending } = start(ESCAPES('echo waiting; sleep 60'), {}, controller.signal);
    await allSevenRunning(leader);
    controller.abort();
    const result = await pending;
    expect(result).toMatchObject({ status: 'stopped', output: 'waiting' });
    expect(sleepers()).toEqual([]);
  });

  it('a stray that ignores SIGTERM and keeps starting children is killed', async () => {
    const command = `setsid bash -c 'trap "" TERM; while :; do sleep ${nap(1)}; done' &\nsleep 0.5; echo up`;
    const { pending } = start(command);
    await waitUntil(() => sleepers().length === 2, 5000);
    const result = await pending;
    expect(result.output).toMatch(/^up\n\[exit code 0\]\n\[\d+ process/);
    expect(sleepers()).toEqual([]);
  });

  it('a plain background job is killed with the group and is not reported as a stray', async () => {
    const { pending } = start(`sleep ${nap(1)} >/dev/null 2>&1 &\necho started`);
    const result = await pending;
    expect(result.output).toBe('started\n[exit code 0]');
    expect(result.details).not.toHaveProperty('strays');
    expect(sleepers()).toEqual([]);
  });

  it('the tag is the call’s own: it is in the command’s environment and nothing carries it afterwards', async () => {
    let tag = '';
    const result = await executeCommandTool(
      { command: 'echo "[$EVA_COMMAND_TAG]"' },
      { ...t.context(), reportChild: (_pid, reported) => (tag = reported ?? '') },
    );
    expect(tag).toMatch(/^[0-9a-f]{24}$/);
    expect(result.output).toBe(`[${tag}]\n[exit code 0]`);
    expect(findTagged(tag)).toEqual([]);
  });
});

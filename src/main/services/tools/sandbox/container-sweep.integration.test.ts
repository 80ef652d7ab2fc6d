// What a crashed run or a killed worker left is removed by label, with a real
// podman: at the next start the containers of this data dir started by another
// run, at quit this run's own; containers of other data dirs are left alone.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultSettings } from '@shared/default-settings';
import type { SandboxSettings } from '@shared/tools/schemas';
import { containersLabelled, provisionPodmanSandbox, removeLabelled } from '@test-support/tools/podman-sandbox';
import { containerSweeper } from './container-sweep';
import type { ContainerSandbox } from './sandbox';

const run = randomBytes(6).toString('hex');
const testLabel = `eva.test=${run}`;
let sandbox: ContainerSandbox;
let settings: SandboxSettings;

beforeAll(() => {
  sandbox = provisionPodmanSandbox({ 'eva.test': run });
  const { labels: _labels, mode: _mode, ...container } = sandbox;
  settings = { ...defaultSettings().tools.sandbox, mode: 'container', container };
}, 300_000);
afterAll(() => removeLabelled(sandbox, testLabel));

/** A running container as a run of the app would have left it. */
function leave(data: string, owner: number): string {
  const args = [
    'run',
    '-d',
    '--label',
    testLabel,
    '--label',
    `eva.data=${data}`,
    '--label',
    `eva.owner=${owner}`,
    '--network=none',
    ...sandbox.runArgs,
    sandbox.image,
    '/bin/sleep',
    '600',
  ];
  return execFileSync('podman', args, { encoding: 'utf8', env: { ...process.env, ...sandbox.runtimeEnv } })
    .trim()
    .slice(0, 12);
}

describe.runIf(process.platform === 'linux')('containerSweeper (real podman)', () => {
  it('at start removes what earlier runs of this data dir left; at quit removes this run’s own; other data dirs are untouched', async () => {
    const scope = `scope-${run}`;
    const earlier = leave(scope, 1);
    const mine = leave(scope, process.pid);
    const otherDataDir = leave(`other-${run}`, 1);
    const sweeper = containerSweeper({ settings: () => settings, dataScope: scope, pid: process.pid });

    expect(containersLabelled(sandbox, testLabel)).toContain(earlier);
    expect(await sweeper.removeLeftovers()).toBe(1);
    expect(containersLabelled(sandbox, testLabel).sort()).toEqual([mine, otherDataDir].sort());
    expect(await sweeper.removeOwn()).toBe(1);
    expect(containersLabelled(sandbox, testLabel)).toEqual([otherDataDir]);
  }, 60_000);

  it('does nothing when the sandbox is not a container (the runtime may not even be installed)', async () => {
    const sweeper = containerSweeper({
      settings: () => ({ ...settings, mode: 'host' }),
      dataScope: 'x',
      pid: process.pid,
      lookup: { platform: 'linux', path: '', exists: () => false },
    });
    expect(await sweeper.removeLeftovers()).toBe(0);
    expect(await sweeper.removeOwn()).toBe(0);
  });
});

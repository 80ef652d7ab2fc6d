// The controller through the real worker and the real nut-js: under a private
// Xvfb server (Linux), without any display, and with a display that is not there.
import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestRunner, TOOL_WORKER_ENTRY } from '@test-support/tools/test-runner';
import { forkWorkerSpawner } from '../worker/worker-process';
import { ToolRunner } from '../tool-runner';

const envWith = (display: string | undefined): NodeJS.ProcessEnv => {
  const env = { ...process.env };
  delete env.DISPLAY;
  if (display !== undefined) env.DISPLAY = display;
  return env;
};
const runnerWithEnv = (env: NodeJS.ProcessEnv) =>
  new ToolRunner({ spawnWorker: forkWorkerSpawner({ entry: TOOL_WORKER_ENTRY, execArgv: ['--import', 'tsx'], env }) });

describe('controller without a display', () => {
  it('reports "no display" as a tool error; the worker survives', async () => {
    const runner = runnerWithEnv(envWith(undefined));
    const result = await runner.run({
      tool: 'controller',
      args: { actions: [{ action: 'move', x: 1, y: 1 }] },
      workspaceDir: '/tmp',
    });
    expect(result).toMatchObject({
      status: 'error',
      error: { code: 'no_display', message: expect.stringContaining('no display') },
    });
    expect(runner.workerPids()).toHaveLength(1);
    await runner.dispose();
  });
});

describe.runIf(process.platform === 'linux')(
  'controller under Xvfb (Linux only: Xvfb is an X server; other platforms have no virtual display here)',
  () => {
    let xvfb: ChildProcess;
    let display = '';

    beforeAll(async () => {
      // -displayfd picks a free display and writes its number to our pipe.
      xvfb = spawn('Xvfb', ['-displayfd', '1', '-screen', '0', '800x600x24', '-nolisten', 'tcp'], {
        stdio: ['ignore', 'pipe', 'ignore'],
      });
      display = await new Promise<string>((resolve, reject) => {
        xvfb.once('error', reject);
        xvfb.stdout?.on('data', (chunk: Buffer) => resolve(`:${chunk.toString().trim()}`));
        setTimeout(() => reject(new Error('Xvfb did not start')), 10_000);
      });
    });
    afterAll(() => {
      xvfb.kill('SIGKILL');
    });

    it('moves the mouse, clicks and types; the position reads back', async () => {
      const runner = runnerWithEnv(envWith(display));
      const result = await runner.run({
        tool: 'controller',
        args: {
          actions: [
            { action: 'move', x: 123, y: 45 },
            { action: 'left_down', x: 200, y: 100 },
            { action: 'time_span', ms: 20 },
            { action: 'move', x: 250, y: 150 },
            { action: 'left_up' },
            { action: 'keyboard', text: 'hi' },
            { action: 'keyboard', keys: 'Ctrl+A' },
            { action: 'move', x: 321, y: 54 },
          ],
        },
        workspaceDir: '/tmp',
      });
      expect(result).toMatchObject({
        status: 'ok',
        output: 'performed 8 of 8 actions; mouse at (321, 54)',
        details: { position: { x: 321, y: 54 } },
      });
      await runner.dispose();
    });

    it('a display that does not exist crashes only the worker, with the reason', async () => {
      const runner = runnerWithEnv(envWith(':97'));
      const result = await runner.run({
        tool: 'controller',
        args: { actions: [{ action: 'move', x: 1, y: 1 }] },
        workspaceDir: '/tmp',
      });
      expect(result.status).toBe('error');
      expect(['worker_crashed', 'no_display']).toContain(result.error?.code);
      expect(JSON.stringify(result.error)).toMatch(/display/i);
      await runner.dispose();
      const again = makeTestRunner();
      expect(await again.run({ tool: 'calculator', args: { expression: '2+2' }, workspaceDir: '/tmp' })).toMatchObject({
        output: '4',
      });
      await again.dispose();
    });
  },
);

import { describe, expect, it } from 'vitest';
import { spawnSupervised } from './supervisor';
import { isAlive } from './kill-tree';
import { ProcessRegistry } from './process-registry';

const waitFor = async (check: () => boolean, timeoutMs = 5000): Promise<void> => {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe('spawnSupervised', () => {
  it('delivers stdout and stderr lines and the exit code', async () => {
    const lines: string[] = [];
    const proc = spawnSupervised({
      command: process.execPath,
      args: ['-e', 'console.log("one\\ntwo"); console.error("three"); process.exit(3)'],
      onLine: (stream, line) => lines.push(`${stream}:${line}`),
    });
    const exit = await proc.exited;
    expect(exit).toEqual({ code: 3, signal: null, spawnError: null });
    expect(lines).toEqual(expect.arrayContaining(['stdout:one', 'stdout:two', 'stderr:three']));
    expect(lines).toHaveLength(3);
  });

  it('reports a binary that does not exist as a spawn error, not a throw', async () => {
    const proc = spawnSupervised({ command: '/nonexistent/llama-server', args: [] });
    const exit = await proc.exited;
    expect(exit.spawnError).toMatch(/ENOENT/);
  });

  it('stop() kills the whole tree, grandchildren included', async () => {
    let grandchild = 0;
    const proc = spawnSupervised({
      command: 'sh',
      args: ['-c', 'sleep 60 & echo "grandchild $!"; wait'],
      onLine: (_stream, line) => {
        const match = /^grandchild (\d+)$/.exec(line);
        if (match) grandchild = Number(match[1]);
      },
    });
    await waitFor(() => grandchild > 0);
    expect(isAlive(grandchild)).toBe(true);
    const exit = await proc.stop(2000);
    expect(exit.signal).toBe('SIGTERM');
    await waitFor(() => !isAlive(grandchild));
  });

  it('escalates to SIGKILL when SIGTERM is ignored', async () => {
    const lines: string[] = [];
    const proc = spawnSupervised({
      command: process.execPath,
      args: ['-e', 'process.on("SIGTERM", () => console.log("ignored")); console.log("up"); setInterval(() => {}, 1000)'],
      onLine: (_s, line) => lines.push(line),
    });
    await waitFor(() => lines.includes('up'));
    const started = Date.now();
    const exit = await proc.stop(300);
    expect(exit.signal).toBe('SIGKILL');
    expect(lines).toContain('ignored');
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
  });

  it('an aborted signal stops the process', async () => {
    const controller = new AbortController();
    const proc = spawnSupervised({ command: 'sleep', args: ['60'], signal: controller.signal });
    controller.abort();
    const exit = await proc.exited;
    expect(exit.signal).toBe('SIGTERM');
  });
});

describe('ProcessRegistry', () => {
  it('stopAll leaves no tracked process alive', async () => {
    const registry = new ProcessRegistry();
    const procs = [1, 2, 3].map(() => registry.track(spawnSupervised({ command: 'sleep', args: ['60'] })));
    const pids = registry.pids();
    expect(pids).toHaveLength(3);
    await registry.stopAll(1000);
    for (const pid of pids) expect(isAlive(pid)).toBe(false);
    expect(registry.pids()).toEqual([]);
    expect(procs.every((p) => p.hasExited())).toBe(true);
  });
});

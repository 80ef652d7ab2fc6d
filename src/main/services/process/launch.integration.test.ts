// The one launcher, with real processes: every output mode, the exit record,
// stop/timeout/abort with their `why`, and whole-tree kills.
import { describe, expect, it } from 'vitest';
import { isAlive } from './kill-tree';
import { launchProcess } from './launch';
import { memoryLifecycle } from './process-lifecycle';

const waitFor = async (check: () => boolean, timeoutMs = 5000): Promise<void> => {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
};

const node = (script: string) => ({ command: process.execPath, args: ['-e', script] });

describe('launchProcess', () => {
  it('lines mode: delivers stdout and stderr lines, and the exit record keeps the last ones', async () => {
    const lines: string[] = [];
    const proc = launchProcess({
      name: 'test',
      ...node('console.log("one\\ntwo"); console.error("three"); process.exit(3)'),
      output: { mode: 'lines', onLine: (stream, line) => lines.push(`${stream}:${line}`) },
    });
    const exit = await proc.exited;
    expect(exit).toMatchObject({ code: 3, signal: null, spawnError: null, why: 'exited' });
    expect(exit.lastLines).toEqual(expect.arrayContaining(['one', 'two', 'three']));
    expect(lines).toEqual(expect.arrayContaining(['stdout:one', 'stdout:two', 'stderr:three']));
    expect(lines).toHaveLength(3);
  });

  it('text mode: delivers partial lines as they come, and keeps stderr as the last lines', async () => {
    const seen: string[] = [];
    const script =
      'process.stdout.write("[1]a,"); setTimeout(() => { process.stderr.write("half "); setTimeout(() => process.stderr.write("line\\nnext\\n"), 50); }, 50)';
    const proc = launchProcess({
      name: 'text',
      ...node(script),
      output: { mode: 'text', onText: (stream, text) => seen.push(`${stream}:${text}`) },
    });
    const exit = await proc.exited;
    expect(seen[0]).toBe('stdout:[1]a,');
    expect(seen.join('|')).toContain('stderr:half |stderr:line\nnext\n');
    expect(exit.lastLines).toEqual(['half line', 'next']);
  });

  it('reports a binary that does not exist as a spawn error, not a throw', async () => {
    const exit = await launchProcess({
      name: 'missing',
      command: '/nonexistent/llama-server',
      args: [],
      output: { mode: 'none' },
    }).exited;
    expect(exit.why).toBe('spawn_failed');
    expect(exit.spawnError).toMatch(/not found/);
  });

  it('says which working directory is missing instead of a misleading ENOENT', async () => {
    const exit = await launchProcess({
      name: 'cwd',
      command: 'true',
      args: [],
      cwd: '/nonexistent/dir',
      output: { mode: 'none' },
    }).exited;
    expect(exit.spawnError).toMatch(/working directory "\/nonexistent\/dir" does not exist/);
  });

  it('a NUL byte in an argument is a spawn error, not a throw', async () => {
    const exit = await launchProcess({ name: 'nul', command: 'echo', args: ['a\0b'], output: { mode: 'none' } }).exited;
    expect(exit.why).toBe('spawn_failed');
  });

  it('stop() kills the whole tree, grandchildren included', async () => {
    let grandchild = 0;
    const proc = launchProcess({
      name: 'tree',
      command: 'sh',
      args: ['-c', 'sleep 60 & echo "grandchild $!"; wait'],
      output: {
        mode: 'lines',
        onLine: (_s, line) => (grandchild = Number(/^grandchild (\d+)$/.exec(line)?.[1] ?? grandchild)),
      },
    });
    await waitFor(() => grandchild > 0);
    expect(isAlive(grandchild)).toBe(true);
    const exit = await proc.stop(2000);
    expect(exit).toMatchObject({ signal: 'SIGTERM', why: 'stopped' });
    await waitFor(() => !isAlive(grandchild));
  });

  it('a background job left behind when the leader exits is killed with its group', async () => {
    const proc = launchProcess({
      name: 'bg',
      command: 'sh',
      args: ['-c', 'sleep 60 & echo $!'],
      output: { mode: 'capture', maxChars: 100 },
    });
    const exit = await proc.exited;
    expect(exit.code).toBe(0);
    const pid = Number(proc.captured().text.trim());
    await waitFor(() => !isAlive(pid));
  });

  it('escalates to SIGKILL when SIGTERM is ignored', async () => {
    const lines: string[] = [];
    const proc = launchProcess({
      name: 'stubborn',
      ...node('process.on("SIGTERM", () => console.log("ignored")); console.log("up"); setInterval(() => {}, 1000)'),
      output: { mode: 'lines', onLine: (_s, line) => lines.push(line) },
    });
    await waitFor(() => lines.includes('up'));
    const exit = await proc.stop(300);
    expect(exit.signal).toBe('SIGKILL');
    expect(lines).toContain('ignored');
  });

  it('a timeout stops it with why "timeout"; an abort with why "aborted"', async () => {
    const timed = await launchProcess({
      name: 't',
      command: 'sleep',
      args: ['60'],
      timeoutMs: 100,
      output: { mode: 'none' },
    }).exited;
    expect(timed).toMatchObject({ signal: 'SIGTERM', why: 'timeout' });
    const controller = new AbortController();
    const aborted = launchProcess({
      name: 'a',
      command: 'sleep',
      args: ['60'],
      signal: controller.signal,
      output: { mode: 'none' },
    });
    controller.abort();
    expect(await aborted.exited).toMatchObject({ signal: 'SIGTERM', why: 'aborted' });
  });

  it('capture mode keeps head and tail of a huge output without a newline, in bounded memory', async () => {
    const proc = launchProcess({
      name: 'big',
      ...node('process.stdout.write("a".repeat(5_000_000) + "END")'),
      output: { mode: 'capture', maxChars: 1000 },
    });
    const exit = await proc.exited;
    expect(exit.code).toBe(0);
    const out = proc.captured();
    expect(out.truncated).toBe(true);
    expect(out.totalChars).toBe(5_000_003);
    expect(out.text.endsWith('END')).toBe(true);
    expect(exit.lastLines.every((line) => line.length <= 2001)).toBe(true);
  });

  it('capture mode with streams "stdout" keeps stderr out of the captured text', async () => {
    const proc = launchProcess({
      name: 'probe',
      ...node('console.log("data"); console.error("noise")'),
      output: { mode: 'capture', maxChars: 100, streams: 'stdout' },
    });
    const exit = await proc.exited;
    expect(proc.captured().text).toBe('data\n');
    expect(exit.lastLines).toContain('noise');
  });

  it('ipc mode: messages both ways', async () => {
    const got: unknown[] = [];
    const proc = launchProcess({
      name: 'ipc',
      ...node('process.on("message", (m) => { process.send({ echo: m }); process.disconnect(); })'),
      output: { mode: 'ipc', onMessage: (m) => got.push(m) },
    });
    expect(proc.send({ hello: 1 })).toBe(true);
    await proc.exited;
    expect(got).toEqual([{ echo: { hello: 1 } }]);
    expect(proc.send({ late: true })).toBe(false);
  });

  it('rpc mode: raw stdin and stdout', async () => {
    const chunks: Buffer[] = [];
    const proc = launchProcess({
      name: 'rpc',
      ...node('process.stdin.pipe(process.stdout)'),
      output: { mode: 'rpc', onStdout: (c) => chunks.push(c) },
    });
    await proc.write('{"jsonrpc":"2.0"}\n');
    proc.endInput();
    expect((await proc.exited).code).toBe(0);
    expect(Buffer.concat(chunks).toString()).toBe('{"jsonrpc":"2.0"}\n');
  });
});

describe('memoryLifecycle', () => {
  it('tags every child and stopAll leaves no tracked process alive', async () => {
    const lifecycle = memoryLifecycle();
    const procs = [1, 2, 3].map(() =>
      lifecycle.launch({ name: 'sleep', command: 'sleep', args: ['60'], output: { mode: 'none' } }),
    );
    const pids = lifecycle.pids();
    expect(pids).toHaveLength(3);
    const tagged = lifecycle.launch({
      name: 'env',
      ...node('console.log(process.env.EVA_LIFECYCLE_TAG)'),
      output: { mode: 'capture', maxChars: 100 },
    });
    await tagged.exited;
    expect(tagged.captured().text).toMatch(/^memory\/[0-9a-f]{12}\n$/);
    await lifecycle.stopAll(1000);
    for (const pid of pids) expect(isAlive(pid)).toBe(false);
    expect(lifecycle.pids()).toEqual([]);
    expect(procs.every((p) => p.hasExited())).toBe(true);
  });
});

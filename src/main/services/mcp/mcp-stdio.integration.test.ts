// The MCP service against a real stdio MCP server (written with the SDK, run as
// a child process), driven through the ToolRegistry like the agent loop does.
import { mkdtemp, readFile, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { McpConfig } from '@shared/mcp/mcp-config';
import type { McpServerStatus } from '@shared/mcp/mcp-status';
import { memoryLifecycle, type ProcessLifecycle } from '../process/process-lifecycle';
import { ToolRegistry } from '../tools/tool-registry';
import { openMcpManager, type McpManager } from './mcp-manager';
import type { McpTiming } from './mcp-server-slot';
import { FAST_TIMING, isGone, stdioTestServer, waitFor } from '@test-support/mcp/mcp-harness';

interface Harness {
  manager: McpManager;
  tools: ToolRegistry;
  processes: ProcessLifecycle;
  spawned: number[];
  dataDir: string;
  latest(name: string): McpServerStatus | undefined;
  run(name: string, args?: Record<string, unknown>, signal?: AbortSignal): ReturnType<ToolRegistry['run']>;
}

const open: Harness[] = [];

async function harness(timing: Partial<McpTiming> = {}, dataDir?: string): Promise<Harness> {
  const dir = dataDir ?? (await mkdtemp(join(tmpdir(), 'eva-mcp-stdio-')));
  const tools = new ToolRegistry();
  const processes = memoryLifecycle();
  const spawned: number[] = [];
  let statuses: McpServerStatus[] = [];
  const manager = await openMcpManager({
    dataDir: dir,
    tools,
    onStatus: (servers) => (statuses = servers),
    launch: (spec) => {
      const proc = processes.launch(spec);
      if (proc.pid !== null) spawned.push(proc.pid);
      return proc;
    },
    timing: { ...FAST_TIMING, ...timing },
  });
  const h: Harness = {
    manager,
    tools,
    processes,
    spawned,
    dataDir: dir,
    latest: (name) => statuses.find((status) => status.name === name),
    run: (name, args = {}, signal) => tools.run({ name, args, workspaceDir: dir, signal }),
  };
  open.push(h);
  return h;
}

const ready = (h: Harness, name: string) =>
  waitFor(() => h.latest(name)?.state === 'ready' && h.latest(name), `${name} to be ready`);

afterEach(async () => {
  for (const h of open.splice(0)) await h.manager.dispose();
});

describe('MCP over stdio', () => {
  it('offers the server tools as service@tool, runs them through the registry and saves the config', async () => {
    const h = await harness();
    const config: McpConfig = { mcpServers: { t: stdioTestServer('one') } };
    const saved = await h.manager.save(config);
    expect(saved.servers).toEqual([expect.objectContaining({ name: 't', state: 'connecting' })]);

    const status = await ready(h, 't');
    expect(status).toMatchObject({ transport: 'stdio', error: null, pid: expect.any(Number) });
    expect(status.tools.map((tool) => tool.name)).toEqual([
      'echo',
      'add',
      'slow',
      'fail',
      'picture',
      'spawn_sleeper',
      'grow',
    ]);
    expect(status.stderrTail).toContain('test MCP server "one" starting');

    const byName = new Map(h.tools.descriptors().map((tool) => [tool.name, tool]));
    expect(byName.get('t@echo')).toMatchObject({
      source: 'mcp',
      risk: 'read',
      defaultPolicy: 'ask',
      description: 'Echo the text back.',
    });
    expect(byName.get('t@slow')).toMatchObject({ source: 'mcp', risk: 'exec', defaultPolicy: 'ask' });
    expect(byName.get('t@add')?.parameters).toMatchObject({
      type: 'object',
      properties: { a: { type: 'number' }, b: { type: 'number' } },
    });

    expect(await h.run('t@echo', { text: 'hi' })).toMatchObject({ status: 'ok', output: 'one: hi' });
    expect(await h.run('t@add', { a: 2, b: 3 })).toMatchObject({ status: 'ok', output: '5' });
    expect(await h.run('t@fail')).toMatchObject({
      status: 'error',
      output: 'the disk is on fire\nsecond line',
      error: { message: 'the disk is on fire' },
    });
    const picture = await h.run('t@picture');
    expect(picture.output).toBe('here is the picture\n[image 1: image/png, 68 B]');
    expect(picture.content).toEqual([
      expect.objectContaining({
        kind: 'image',
        mimeType: 'image/png',
        dataUrl: expect.stringMatching(/^data:image\/png;base64,iVBOR/),
      }),
    ]);
    // The agent loop validates arguments first; a server that still refuses them reports it as a tool error.
    expect(await h.run('t@add', { a: 'two' })).toMatchObject({
      status: 'error',
      error: { message: expect.stringContaining('Input validation error') },
    });

    const file = join(h.dataDir, 'mcp.json');
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual(config);
    if (process.platform !== 'win32') expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(h.manager.overview()).toMatchObject({ configPath: file, configIssues: [] });
  });

  it('times out a slow call (the server is told to cancel), stops one on abort, and stays usable', async () => {
    const h = await harness({ callTimeoutMs: 700 });
    await h.manager.save({ mcpServers: { t: stdioTestServer('slow') } });
    await ready(h, 't');

    const timedOut = await h.run('t@slow', { ms: 10_000 });
    expect(timedOut).toMatchObject({
      status: 'timeout',
      error: { code: 'timeout', message: expect.stringContaining('did not answer "slow" within 1 s') },
    });

    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const stopped = await h.run('t@slow', { ms: 10_000 }, controller.signal);
    expect(stopped).toMatchObject({ status: 'stopped', error: { code: 'stopped' } });

    expect(h.latest('t')?.state).toBe('ready');
    expect(await h.run('t@slow', { ms: 10 })).toMatchObject({ status: 'ok', output: 'waited 10 ms' });
  });

  it('a killed server: calls fail with a clear error, then it is restarted and works again', async () => {
    const h = await harness({ retryDelaysMs: [1_500] });
    await h.manager.save({ mcpServers: { t: stdioTestServer('crash') } });
    const first = await ready(h, 't');

    const inFlight = h.run('t@slow', { ms: 10_000 });
    await new Promise((resolve) => setTimeout(resolve, 200));
    process.kill(first.pid!, 'SIGKILL');
    expect(await inFlight).toMatchObject({
      status: 'error',
      error: { code: 'mcp_unavailable', message: expect.stringContaining('MCP server "t" went away') },
    });

    const down = await waitFor(() => h.latest('t')?.state === 'error' && h.latest('t'), 't to be reported down');
    expect(down.error).toContain('killed by SIGKILL');
    expect(down.retryAt).toEqual(expect.any(Number));
    // Its tools stay listed, so the model gets "not connected" rather than "unknown tool".
    const refused = await h.run('t@echo', { text: 'anyone?' });
    expect(refused).toMatchObject({ status: 'error', error: { code: 'mcp_unavailable' } });
    expect(refused.error?.message).toMatch(
      /^MCP server "t" is not connected: the server exited \(killed by SIGKILL\).* It will be retried in \d+ s\.$/,
    );

    const back = await waitFor(
      () => h.latest('t')?.state === 'ready' && h.latest('t')!.pid !== first.pid && h.latest('t'),
      't to come back',
    );
    expect(back.failures).toBe(1);
    expect(await h.run('t@echo', { text: 'back' })).toMatchObject({ status: 'ok', output: 'crash: back' });
    expect(isGone(first.pid!)).toBe(true);
  });

  it('kills the whole process tree: on shutdown and when the server crashes', async () => {
    const h = await harness({ retryDelaysMs: [60_000] });
    await h.manager.save({ mcpServers: { a: stdioTestServer('a'), b: stdioTestServer('b') } });
    await ready(h, 'a');
    await ready(h, 'b');
    const treeA = JSON.parse((await h.run('a@spawn_sleeper')).output) as { server: number; sleeper: number };
    const treeB = JSON.parse((await h.run('b@spawn_sleeper')).output) as { server: number; sleeper: number };
    expect([treeA.sleeper, treeB.sleeper].map(isGone)).toEqual([false, false]);

    // A crash of the server takes its grandchild with it.
    process.kill(treeA.server, 'SIGKILL');
    await waitFor(() => isGone(treeA.sleeper), "the crashed server's grandchild to be killed", 5_000);

    // Shutdown leaves nothing behind: not the server, not what it started.
    await h.manager.dispose();
    expect(isGone(treeB.server)).toBe(true);
    await waitFor(() => isGone(treeB.sleeper), 'the grandchild to be killed on shutdown', 5_000);
    expect(h.processes.pids()).toEqual([]);
    expect(h.spawned.length).toBeGreaterThanOrEqual(2);
    expect(h.spawned.filter((pid) => !isGone(pid))).toEqual([]);
    expect(h.tools.descriptors()).toEqual([]);
  });

  it('explains a server that cannot start, with its stderr', async () => {
    const h = await harness({ retryDelaysMs: [60_000] });
    await h.manager.save({
      mcpServers: {
        missing: { command: 'eva-no-such-mcp-server-xyz' },
        refuses: stdioTestServer('refuses', { env: { EVA_TEST_MCP_FAIL_START: 'no token given' } }),
        nowhere: stdioTestServer('nowhere', { cwd: join(h.dataDir, 'not-there') }),
      },
    });
    const missing = await waitFor(
      () => h.latest('missing')?.state === 'error' && h.latest('missing'),
      'missing to fail',
    );
    expect(missing.error).toBe(
      'could not start "eva-no-such-mcp-server-xyz": not found (is it installed and on PATH?)',
    );
    const refuses = await waitFor(
      () => h.latest('refuses')?.state === 'error' && h.latest('refuses'),
      'refuses to fail',
    );
    expect(refuses.error).toBe(
      'the server exited during start-up (exit code 3) (stderr: refusing to start: no token given)',
    );
    expect(refuses.stderrTail).toContain('refusing to start: no token given');
    const nowhere = await waitFor(
      () => h.latest('nowhere')?.state === 'error' && h.latest('nowhere'),
      'nowhere to fail',
    );
    expect(nowhere.error).toContain('does not exist');
    expect(h.tools.descriptors()).toEqual([]);
    expect(await h.run('missing@anything')).toMatchObject({ status: 'error', error: { code: 'unknown_tool' } });
  });

  it('restarts only servers whose entry changed; a removed server stops and its tools vanish', async () => {
    const h = await harness();
    await h.manager.save({ mcpServers: { a: stdioTestServer('a'), b: stdioTestServer('b') } });
    const a = await ready(h, 'a');
    const b = await ready(h, 'b');
    expect(h.tools.descriptors().some((tool) => tool.name === 'b@echo')).toBe(true);

    const { command, args } = stdioTestServer('a');
    const overview = await h.manager.save({
      mcpServers: { a: { args, command }, c: { ...stdioTestServer('c'), disabled: true } },
    });
    expect(overview.servers.map((s) => [s.name, s.state])).toEqual([
      ['a', 'ready'],
      ['c', 'disabled'],
    ]);
    expect(h.latest('a')?.pid).toBe(a.pid);
    expect(isGone(b.pid!)).toBe(true);
    expect(h.tools.descriptors().some((tool) => tool.name.startsWith('b@'))).toBe(false);

    await h.manager.reconnect('a');
    await waitFor(() => h.latest('a')?.state === 'ready' && h.latest('a')!.pid !== a.pid, 'a to reconnect');
    await waitFor(() => isGone(a.pid!), 'the old a to be gone', 5_000);
    await expect(h.manager.reconnect('zzz')).rejects.toMatchObject({ code: 'not_found' });
  });

  it('follows tools/list_changed', async () => {
    const h = await harness();
    await h.manager.save({ mcpServers: { t: stdioTestServer('grow') } });
    await ready(h, 't');
    expect(await h.run('t@extra')).toMatchObject({ status: 'error', error: { code: 'unknown_tool' } });
    expect(await h.run('t@grow')).toMatchObject({ status: 'ok', output: 'grown' });
    await waitFor(() => h.tools.descriptors().some((tool) => tool.name === 't@extra'), 't@extra to appear');
    expect(await h.run('t@extra')).toMatchObject({ status: 'ok', output: 'extra!' });
    expect(h.latest('t')?.tools.find((tool) => tool.name === 'extra')).toEqual({
      name: 'extra',
      description: 'Appeared at run time.',
      readOnly: true,
    });
  });

  it('reports a broken mcp.json, leaves it as written and starts nothing', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'eva-mcp-broken-'));
    const text = '{ "mcpServers": { "git": { "comand": "uvx" } } }\n';
    await writeFile(join(dataDir, 'mcp.json'), text);
    const h = await harness({}, dataDir);
    expect(h.manager.overview()).toMatchObject({
      configText: text,
      servers: [],
      configIssues: [{ path: 'mcpServers.git', message: expect.stringContaining('needs "command"') }],
    });
    expect(await readFile(join(dataDir, 'mcp.json'), 'utf8')).toBe(text);
  });
});

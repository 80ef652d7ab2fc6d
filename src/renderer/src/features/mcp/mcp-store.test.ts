import { describe, expect, it } from 'vitest';
import type { McpServerStatus } from '@shared/mcp/mcp-status';
import { createMemoryPlatform } from '../../platform/memory-platform';
import { createMcpStore } from './mcp-store';

const status = (name: string, patch: Partial<McpServerStatus> = {}): McpServerStatus => ({
  name,
  state: 'ready',
  transport: 'stdio',
  tools: [],
  error: null,
  failures: 0,
  retryAt: null,
  pid: 1,
  since: 0,
  stderrTail: '',
  ...patch,
});

describe('MCP store', () => {
  it('checks the draft as it is typed and saves only a valid one', async () => {
    const api = createMemoryPlatform();
    const mcp = createMcpStore(api);
    mcp.start();
    expect(mcp.store.getState().loaded).toBe(false);
    await mcp.refresh();
    expect(mcp.store.getState()).toMatchObject({
      loaded: true,
      configPath: '/home/user/.eva/mcp.json',
      draft: '{\n  "mcpServers": {}\n}\n',
      issues: [],
    });

    mcp.edit('{ "mcpServers": { "git": { "comand": "uvx" } } }');
    expect(mcp.store.getState().issues).toEqual([
      {
        path: 'mcpServers.git',
        message: expect.stringContaining('needs "command"'),
        details: { reason: 'mcp_server_neither' },
      },
    ]);
    expect(await mcp.save()).toBe(false);
    expect(api.calls.filter((call) => call.channel === 'mcp:save')).toEqual([]);

    mcp.edit('{ "mcpServers": { "git": { "command": "uvx", "args": ["mcp-server-git"] } } }');
    expect(mcp.store.getState().issues).toEqual([]);
    expect(await mcp.save()).toBe(true);
    expect(api.calls.find((call) => call.channel === 'mcp:save')?.input).toEqual({
      mcpServers: { git: { command: 'uvx', args: ['mcp-server-git'] } },
    });
    const state = mcp.store.getState();
    expect(state.draft).toBe(state.savedText);
    expect(state.draft).toContain('"mcp-server-git"');
    expect(state.servers).toEqual([expect.objectContaining({ name: 'git', state: 'ready' })]);
  });

  it('follows mcp:status events', async () => {
    const api = createMemoryPlatform();
    const mcp = createMcpStore(api);
    mcp.start();
    await mcp.refresh();
    api.emit('mcp:status', { servers: [status('a', { state: 'error', error: 'the server exited (exit code 1)' })] });
    expect(mcp.store.getState().servers).toEqual([
      expect.objectContaining({ name: 'a', state: 'error', error: 'the server exited (exit code 1)' }),
    ]);
  });

  it('keeps an unsaved edit when the core is refetched, and reverts on request', async () => {
    const api = createMemoryPlatform();
    const mcp = createMcpStore(api);
    mcp.start();
    await mcp.refresh();
    mcp.edit('{ "mcpServers": {} , }');
    expect(mcp.store.getState().issues[0]?.message).toMatch(/^not valid JSON/);
    await mcp.refresh();
    expect(mcp.store.getState().draft).toBe('{ "mcpServers": {} , }');
    mcp.revert();
    expect(mcp.store.getState()).toMatchObject({ draft: mcp.store.getState().savedText, issues: [] });
  });

  it('shows the core refusing a save or a reconnect', async () => {
    const api = createMemoryPlatform();
    api.handle('mcp:save', () => ({ ok: false, error: { code: 'internal', message: 'disk full' } }));
    const mcp = createMcpStore(api);
    mcp.start();
    await mcp.refresh();
    mcp.edit('{ "mcpServers": { "a": { "url": "http://127.0.0.1:1/mcp" } } }');
    expect(await mcp.save()).toBe(false);
    expect(mcp.store.getState()).toMatchObject({ saving: false, error: { message: 'disk full' } });
    expect(mcp.store.getState().draft).not.toBe(mcp.store.getState().savedText);
    await mcp.reconnect('nope');
    expect(mcp.store.getState().error).toMatchObject({ code: 'not_found' });
  });
});

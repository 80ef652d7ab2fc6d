// MCP through the core, as the renderer drives it: the config saved over the
// contract (and refused at the boundary when wrong), status as `mcp:status`
// events, the server's tools in `tools:list`, an agent run (real llama-server,
// forced tool calls) that asks before every MCP tool, read-only or not, unless
// the user allowed that tool, and no server process left after dispose.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventPayloads } from '@shared/contract';
import type { Core } from '../../core';
import { startGrammarProxy, type GrammarProxy } from '@test-support/agent/grammar-proxy';
import { startTestServer, type TestServer } from '@test-support/llama/test-server';
import { dispatchInvoke } from '../ipc/dispatch';
import { FAST_TIMING, isGone, stdioTestServer, waitFor } from '@test-support/mcp/mcp-harness';
import { linkAgentRun } from '@test-support/agent/link-agent-run';
import { createTestCore } from '@test-support/test-core';

let server: TestServer;
let proxy: GrammarProxy;
let core: Core;
const statuses: EventPayloads['mcp:status'][] = [];
const asks: EventPayloads['agent:ask'][] = [];

const call = (name: string, args: Record<string, unknown>) =>
  `<tool_call>${JSON.stringify({ name, arguments: args })}</tool_call>`;
const latest = (name: string) => statuses.at(-1)?.servers.find((status) => status.name === name);

beforeAll(async () => {
  server = await startTestServer();
  proxy = await startGrammarProxy(server.port, [
    call('t@add', { a: 2, b: 3 }),
    call('t@slow', { ms: 10 }),
    call('answer', { content: 'five' }),
  ]);
  const dataDir = await mkdtemp(join(tmpdir(), 'eva-mcp-core-'));
  core = await createTestCore(dataDir, {
    mcpTiming: FAST_TIMING,
  });
  core.events.attach((event, payload) => {
    if (event === 'mcp:status') statuses.push(payload as EventPayloads['mcp:status']);
    if (event === 'agent:ask') asks.push(payload as EventPayloads['agent:ask']);
  });
});

afterAll(async () => {
  await core.dispose();
  await proxy.close();
  await server.stop();
});

describe('MCP through the core', () => {
  it('refuses a wrong config at the boundary, naming the entry', async () => {
    const result = await dispatchInvoke(core.handlers, 'mcp:save', { mcpServers: { git: { comand: 'uvx' } } });
    expect(result).toMatchObject({
      ok: false,
      error: { code: 'bad_request', message: expect.stringContaining('mcpServers.git: needs "command"') },
    });
    expect((await core.handlers['mcp:list'](undefined)).servers).toEqual([]);
  });

  it('connects a saved server, lists its tools, and the agent calls them with the right consent', async () => {
    const saved = await core.handlers['mcp:save']({ mcpServers: { t: stdioTestServer('core') } });
    expect(saved.configText).toContain('"mcpServers"');
    const ready = await waitFor(() => latest('t')?.state === 'ready' && latest('t'), 't to be ready (mcp:status)');
    expect(ready.tools).toHaveLength(7);
    expect(statuses.map((event) => event.servers[0]?.state)).toContain('connecting');

    const { tools } = await core.handlers['tools:list'](undefined);
    expect(tools.find((tool) => tool.name === 't@add')).toMatchObject({
      source: 'mcp',
      risk: 'read',
      defaultPolicy: 'ask',
    });

    const link = await core.handlers['link:save']({
      profile: { name: 'proxy', presetId: 'llama-server', baseUrl: `${proxy.baseUrl}/v1`, model: 'tiny' },
    });
    // The user allowed t@add (a read-only tool, which asks by default like every MCP tool).
    await core.handlers['settings:update']({ tools: { protocol: 'prompt', policies: { 't@add': 'allow' } } });
    const run = core.handlers['agent:run'](linkAgentRun(link.id, 'm1', 'Add 2 and 3.'));
    // t@add is allowed and ran without a card; t@slow was not, so it asks.
    const ask = await waitFor(() => asks[0], 'the approval card for t@slow');
    expect(ask).toMatchObject({ requestId: 'm1', tool: 't@slow', args: { ms: 10 } });
    await core.handlers['agent:consent']({ askId: ask.askId, answer: { kind: 'allow_once' } });
    const result = await run;
    expect(result).toMatchObject({ end: 'answered', answer: 'five' });
    expect(result.steps.map((step) => [step.tool, step.status, step.output])).toEqual([
      ['t@add', 'ok', '5'],
      ['t@slow', 'ok', 'waited 10 ms'],
    ]);
    // The model was shown the MCP tools in the prompt.
    expect(JSON.stringify(proxy.received[0])).toContain('t@add');
    expect(asks).toHaveLength(1);
  });

  it('reconnects on request and leaves no server process after dispose', async () => {
    const before = latest('t')!.pid!;
    await core.handlers['mcp:reconnect']({ name: 't' });
    const after = await waitFor(
      () => latest('t')?.state === 'ready' && latest('t')!.pid !== before && latest('t'),
      't to reconnect',
    );
    expect(after.pid).toEqual(expect.any(Number));
    await core.dispose();
    expect(isGone(after.pid!)).toBe(true);
    expect(core.processes.pids()).toEqual([]);
  });
});

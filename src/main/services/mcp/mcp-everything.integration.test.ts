// The MCP service against the reference server (@modelcontextprotocol/server-everything),
// the real thing from node_modules, over stdio and over Streamable HTTP: content
// (images, resource links, embedded resources), progress while a call runs, Stop
// that cancels on the wire, a killed HTTP server noticed within a moment, and the
// workspace offered as the client's root.
import { mkdtemp, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { McpServerConfig } from '@shared/mcp/mcp-config';
import type { McpServerStatus } from '@shared/mcp/mcp-status';
import type { ToolProgress } from '@shared/tools/tool-types';
import { ToolRegistry } from '../tools/tool-registry';
import { openMcpManager, type McpManager } from './mcp-manager';
import type { McpTiming } from './mcp-server-slot';
import { everythingStdio, startEverythingHttp, type EverythingHttp } from '@test-support/mcp/everything-server';
import { FAST_TIMING, waitFor } from '@test-support/mcp/mcp-harness';
import { startRecordingProxy } from '@test-support/mcp/recording-proxy';

const cleanups: Array<() => Promise<void>> = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function harness(server: McpServerConfig, timing: Partial<McpTiming> = {}) {
  const dataDir = await mkdtemp(join(tmpdir(), 'eva-mcp-everything-'));
  let workspace = join(dataDir, 'workspace');
  await mkdir(workspace);
  const tools = new ToolRegistry();
  let statuses: McpServerStatus[] = [];
  const manager: McpManager = await openMcpManager({
    dataDir,
    tools,
    onStatus: (servers) => (statuses = servers),
    timing: { ...FAST_TIMING, ...timing },
    workspaceDir: () => workspace,
  });
  cleanups.push(() => manager.dispose());
  const latest = () => statuses.find((status) => status.name === 'ev');
  await manager.save({ mcpServers: { ev: server } });
  await waitFor(() => latest()?.state === 'ready', 'the reference server to be ready');
  return {
    manager,
    latest,
    inState: (state: McpServerStatus['state']) =>
      waitFor(() => latest()?.state === state && latest(), `ev to be ${state}`),
    setWorkspace: (dir: string) => (workspace = dir),
    run: (
      tool: string,
      args: Record<string, unknown> = {},
      extra: { signal?: AbortSignal; onProgress?: (progress: ToolProgress) => void } = {},
    ) => tools.run({ name: `ev@${tool}`, args, workspaceDir: dataDir, ...extra } as Parameters<ToolRegistry['run']>[0]),
  };
}

async function httpServer(): Promise<EverythingHttp> {
  const server = await startEverythingHttp();
  cleanups.push(() => server.stop());
  return server;
}

describe.each([
  ['stdio', async () => everythingStdio()],
  ['Streamable HTTP', async () => ({ url: (await httpServer()).url })],
] as const)('the reference server over %s', (_transport, serverConfig) => {
  it('returns images, resource links and embedded resources as content the step card can show', async () => {
    const h = await harness(await serverConfig());
    expect(h.latest()?.tools.map((tool) => tool.name)).toEqual(
      expect.arrayContaining([
        'get-tiny-image',
        'get-resource-links',
        'get-resource-reference',
        'trigger-long-running-operation',
      ]),
    );

    const image = await h.run('get-tiny-image');
    expect(image.status).toBe('ok');
    expect(image.output).toMatch(
      /^Here's the image you requested:\n\[image 1: image\/png, \d+(\.\d)? (B|KB)\]\nThe image above is the MCP logo\.$/,
    );
    expect(image.content).toEqual([
      {
        kind: 'image',
        mimeType: 'image/png',
        bytes: expect.any(Number),
        dataUrl: expect.stringMatching(/^data:image\/png;base64,iVBORw0KGgo/),
      },
    ]);

    const links = await h.run('get-resource-links', { count: 2 });
    expect(links.content).toEqual([
      // (the reference server labels its blob resources text/plain)
      {
        kind: 'resource_link',
        uri: 'demo://resource/dynamic/blob/1',
        name: 'Blob Resource 1',
        description: expect.any(String),
        mimeType: expect.any(String),
      },
      {
        kind: 'resource_link',
        uri: 'demo://resource/dynamic/text/2',
        name: 'Text Resource 2',
        description: expect.stringContaining('plaintext'),
        mimeType: 'text/plain',
      },
    ]);
    expect(links.output).toContain('[resource link Text Resource 2: demo://resource/dynamic/text/2]');

    const text = await h.run('get-resource-reference', { resourceType: 'Text', resourceId: 3 });
    expect(text.content).toEqual([
      {
        kind: 'resource',
        uri: 'demo://resource/dynamic/text/3',
        mimeType: 'text/plain',
        bytes: expect.any(Number),
        text: expect.stringMatching(/^Resource 3: This is a plaintext resource/),
      },
    ]);
    const blob = await h.run('get-resource-reference', { resourceType: 'Blob', resourceId: 4 });
    // A blob stays binary (a data URL of its declared type), even when that type is text/plain as here.
    expect(blob.content).toEqual([
      {
        kind: 'resource',
        uri: 'demo://resource/dynamic/blob/4',
        mimeType: 'text/plain',
        bytes: expect.any(Number),
        dataUrl: expect.stringMatching(/^data:text\/plain;base64,/),
      },
    ]);
    const decoded = Buffer.from((blob.content![0] as { dataUrl: string }).dataUrl.split(',')[1]!, 'base64').toString(
      'utf8',
    );
    expect(decoded).toMatch(/^Resource 4: This is a base64 blob/);
    expect(blob.output).toContain('binary, not shown');
  });

  it('passes progress on while a long call runs, and Stop ends a call at once', async () => {
    const h = await harness(await serverConfig());
    const updates: ToolProgress[] = [];
    const done = await h.run(
      'trigger-long-running-operation',
      { duration: 1, steps: 4 },
      { onProgress: (progress) => updates.push(progress) },
    );
    expect(done).toMatchObject({ status: 'ok', output: expect.stringContaining('Long running operation completed') });
    // The SDK hands notifications on a tick later than responses, so the update sent right before the
    // answer (4 of 4) may come after the call ended and is dropped; the ones before it always arrive.
    expect(updates.slice(0, 3)).toEqual([1, 2, 3].map((progress) => ({ progress, total: 4 })));

    const controller = new AbortController();
    const seen: ToolProgress[] = [];
    const stopping = h.run(
      'trigger-long-running-operation',
      { duration: 30, steps: 60 },
      { signal: controller.signal, onProgress: (progress) => seen.push(progress) },
    );
    await waitFor(() => seen.length > 0, 'the first progress update');
    controller.abort();
    // The operation runs 30 s: a Stop that waited for it would outlast the test's timeout.
    expect(await stopping).toMatchObject({ status: 'stopped', error: { code: 'stopped' } });
    // The connection is fine afterwards.
    expect(h.latest()?.state).toBe('ready');
    expect(await h.run('echo', { message: 'still here' })).toMatchObject({ status: 'ok', output: 'Echo: still here' });
  });

  it('offers the workspace as its root and says so when it changes', async () => {
    const h = await harness(await serverConfig());
    const first = pathToFileURL(join(h.manager.overview().configPath, '..', 'workspace')).href;
    const listed = await h.run('get-roots-list');
    expect(listed.output).toContain(`URI: ${first}`);

    const other = await mkdtemp(join(tmpdir(), 'eva-mcp-other-workspace-'));
    h.setWorkspace(other);
    await h.manager.syncRoots();
    // The server asks again (roots/list) when told; its tool shows what it last heard.
    const deadline = Date.now() + 10_000;
    let output = '';
    while (!output.includes(`URI: ${pathToFileURL(other).href}`) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      output = (await h.run('get-roots-list')).output;
    }
    expect(output).toContain(`URI: ${pathToFileURL(other).href}`);
    expect(output).not.toContain(first);
  });
});

describe('the reference server over Streamable HTTP', () => {
  it('Stop sends notifications/cancelled for the call in flight', async () => {
    const server = await httpServer();
    const proxy = await startRecordingProxy(server.url);
    cleanups.push(() => proxy.close());
    const h = await harness({ url: proxy.url });
    const controller = new AbortController();
    const seen: ToolProgress[] = [];
    const call = h.run(
      'trigger-long-running-operation',
      { duration: 30, steps: 60 },
      { signal: controller.signal, onProgress: (progress) => seen.push(progress) },
    );
    await waitFor(() => seen.length > 0, 'the first progress update');
    controller.abort();
    expect(await call).toMatchObject({ status: 'stopped' });
    const sent = proxy.messages.find(
      (message) => message.method === 'tools/call' && message.params?.name === 'trigger-long-running-operation',
    );
    expect(sent?.params).toMatchObject({ _meta: { progressToken: expect.anything() } });
    const cancelled = await waitFor(
      () => proxy.messages.find((message) => message.method === 'notifications/cancelled'),
      'notifications/cancelled to be sent',
    );
    expect(cancelled.params).toMatchObject({ requestId: sent?.id });
  });

  it('a server killed during a call: the call fails at once, and the server is reconnected when it is back', async () => {
    const server = await startEverythingHttp();
    // Pings stay at their real interval: the call must not wait for the next one.
    const h = await harness({ url: server.url }, { pingIntervalMs: 30_000, retryDelaysMs: [500] });
    const seen: ToolProgress[] = [];
    const call = h.run(
      'trigger-long-running-operation',
      { duration: 60, steps: 120 },
      { onProgress: (progress) => seen.push(progress) },
    );
    await waitFor(() => seen.length > 0, 'the first progress update');
    await server.kill();
    // The operation runs 60 s: a call that waited for it, or for the next ping, would outlast the test's timeout.
    const failed = await call;
    expect(failed).toMatchObject({
      status: 'error',
      error: { code: 'mcp_unavailable', message: expect.stringContaining('MCP server "ev"') },
    });
    expect((await h.inState('error')).error).toBeTruthy();

    const back = await startEverythingHttp(server.port);
    cleanups.push(() => back.stop());
    await h.inState('ready');
    expect(await h.run('echo', { message: 'back' })).toMatchObject({ status: 'ok', output: 'Echo: back' });
  });
});

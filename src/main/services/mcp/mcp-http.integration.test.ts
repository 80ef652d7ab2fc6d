// The MCP service against real HTTP MCP servers (SDK transports on node:http):
// Streamable HTTP with headers, an API key sealed at rest, the fallback to
// legacy SSE, and a server that goes away and comes back on the same port.
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { McpServerStatus } from '@shared/mcp/mcp-status';
import { ToolRegistry } from '../tools/tool-registry';
import { localKeyFileCipher } from '../secrets/secret-cipher';
import { openSecretStore } from '../secrets/secret-store';
import { openMcpManager, type McpManager } from './mcp-manager';
import type { McpTiming } from './mcp-server-slot';
import {
  startSseOnlyServer,
  startStreamableHttpServer,
  type TestHttpServer,
} from '@test-support/mcp/http-test-servers';
import { FAST_TIMING, waitFor } from '@test-support/mcp/mcp-harness';

const cleanups: Array<() => Promise<void>> = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function harness(timing: Partial<McpTiming> = {}, dir?: string) {
  const dataDir = dir ?? (await mkdtemp(join(tmpdir(), 'eva-mcp-http-')));
  const tools = new ToolRegistry();
  let statuses: McpServerStatus[] = [];
  const secrets = await openSecretStore(
    join(dataDir, 'secrets.json'),
    await localKeyFileCipher(join(dataDir, 'local-secret.key')),
  );
  const manager: McpManager = await openMcpManager({
    dataDir,
    tools,
    onStatus: (servers) => (statuses = servers),
    timing: { ...FAST_TIMING, ...timing },
    secrets,
  });
  cleanups.push(() => manager.dispose());
  const latest = (name: string) => statuses.find((status) => status.name === name);
  return {
    dataDir,
    manager,
    tools,
    latest,
    inState: (name: string, state: McpServerStatus['state']) =>
      waitFor(() => latest(name)?.state === state && latest(name), `${name} to be ${state}`),
    run: (name: string, args: Record<string, unknown> = {}) => tools.run({ name, args, workspaceDir: dataDir }),
  };
}

async function serve(start: Promise<TestHttpServer>): Promise<TestHttpServer> {
  const server = await start;
  cleanups.push(() => server.close());
  return server;
}

describe('MCP over HTTP', () => {
  it('speaks Streamable HTTP and sends the configured headers', async () => {
    const server = await serve(startStreamableHttpServer({ token: 's3cret' }));
    const h = await harness();
    await h.manager.save({ mcpServers: { web: { url: server.url, headers: { Authorization: 'Bearer s3cret' } } } });
    const status = await h.inState('web', 'ready');
    expect(status).toMatchObject({ transport: 'http', pid: null, error: null });
    expect(status.tools).toHaveLength(7);
    expect(await h.run('web@echo', { text: 'hi' })).toMatchObject({ status: 'ok', output: 'http: hi' });
    expect(await h.run('web@add', { a: 20, b: 22 })).toMatchObject({ status: 'ok', output: '42' });
    expect(server.requests).not.toContain('GET /sse');
  });

  it('seals an API key given in the config: never in mcp.json, sent as a bearer token, replaceable and removable', async () => {
    const server = await serve(startStreamableHttpServer({ token: 's3cret-key-123' }));
    const h = await harness({ retryDelaysMs: [60_000] });
    const saved = await h.manager.save({ mcpServers: { web: { url: server.url, apiKey: 's3cret-key-123' } } });
    expect(saved.configText).not.toContain('s3cret');
    expect(saved.keyProtection).toBe('local-key-file');
    expect(await h.inState('web', 'ready')).toMatchObject({ hasKey: true });
    expect(await h.run('web@echo', { text: 'key' })).toMatchObject({ status: 'ok', output: 'http: key' });
    const onDisk = await readFile(join(h.dataDir, 'mcp.json'), 'utf8');
    expect(JSON.parse(onDisk)).toEqual({ mcpServers: { web: { url: server.url } } });
    expect(await readFile(join(h.dataDir, 'secrets.json'), 'utf8')).not.toContain('s3cret');

    // Removed: the server refuses us; set again: back in.
    await h.manager.setKey('web', null);
    expect((await h.inState('web', 'error')).error).toContain('401');
    expect(h.latest('web')?.hasKey).toBe(false);
    await h.manager.setKey('web', 's3cret-key-123');
    expect(await h.inState('web', 'ready')).toMatchObject({ hasKey: true });
    await expect(h.manager.setKey('nobody', 'x')).rejects.toMatchObject({ code: 'not_found' });

    // Gone from the config: its key goes too.
    await h.manager.save({ mcpServers: {} });
    expect(JSON.parse(await readFile(join(h.dataDir, 'secrets.json'), 'utf8'))).toEqual({});
  });

  it('sends the key in the header the config names, and seals a key written into mcp.json by hand', async () => {
    const server = await serve(startStreamableHttpServer({ token: 'k-456', tokenHeader: 'X-API-Key' }));
    const dataDir = await mkdtemp(join(tmpdir(), 'eva-mcp-http-'));
    await writeFile(
      join(dataDir, 'mcp.json'),
      JSON.stringify({ mcpServers: { web: { url: server.url, apiKeyHeader: 'X-API-Key', apiKey: 'k-456' } } }),
    );
    const h = await harness({}, dataDir);
    expect(await h.inState('web', 'ready')).toMatchObject({ hasKey: true });
    expect(await readFile(join(dataDir, 'mcp.json'), 'utf8')).not.toContain('k-456');
    expect(h.manager.overview().configText).not.toContain('k-456');
    expect(await h.run('web@add', { a: 1, b: 2 })).toMatchObject({ status: 'ok', output: '3' });
  });

  it('says what failed when neither transport gets in', async () => {
    const server = await serve(startStreamableHttpServer({ token: 's3cret' }));
    const h = await harness({ retryDelaysMs: [60_000] });
    await h.manager.save({ mcpServers: { web: { url: server.url, headers: { Authorization: 'Bearer wrong' } } } });
    const status = await h.inState('web', 'error');
    expect(status.error).toMatch(/^Streamable HTTP failed \(.*\); legacy SSE failed too \(.*\)$/);
    expect(status.error).toContain('401');
    expect(h.tools.descriptors()).toEqual([]);
  });

  it('falls back to legacy SSE for an old server, or goes there directly with type "sse"', async () => {
    const server = await serve(startSseOnlyServer());
    const h = await harness();
    await h.manager.save({ mcpServers: { old: { url: server.url } } });
    expect(await h.inState('old', 'ready')).toMatchObject({ transport: 'sse' });
    expect(server.requests.slice(0, 2)).toEqual(['POST /sse', 'GET /sse']);
    expect(await h.run('old@add', { a: 2, b: 3 })).toMatchObject({ status: 'ok', output: '5' });
    expect(await h.run('old@echo', { text: 'x' })).toMatchObject({ status: 'ok', output: 'sse: x' });

    server.requests.length = 0;
    await h.manager.save({ mcpServers: { old: { url: server.url, type: 'sse' } } });
    await h.inState('old', 'ready');
    expect(server.requests[0]).toBe('GET /sse');
  });

  it('a server that went away: the call fails clearly, and it reconnects when the server is back', async () => {
    const first = await startStreamableHttpServer();
    const h = await harness({ retryDelaysMs: [300] });
    await h.manager.save({ mcpServers: { web: { url: first.url } } });
    await h.inState('web', 'ready');
    await first.close();

    const failed = await h.run('web@echo', { text: 'anyone?' });
    expect(failed).toMatchObject({ status: 'error', error: { code: 'mcp_unavailable' } });
    expect(failed.error?.message).toMatch(
      /^MCP server "web" could not be reached for "echo": .+; it will be reconnected$/,
    );
    expect(await h.inState('web', 'error')).toMatchObject({ error: failed.error?.message });
    expect(await h.run('web@echo', { text: 'still?' })).toMatchObject({
      status: 'error',
      error: { code: 'mcp_unavailable', message: expect.stringContaining('is not connected') },
    });

    await serve(startStreamableHttpServer({ port: first.port }));
    await h.inState('web', 'ready');
    expect(await h.run('web@echo', { text: 'back' })).toMatchObject({ status: 'ok', output: 'http: back' });
  });

  it('notices a silent death by ping', async () => {
    const server = await startStreamableHttpServer();
    const h = await harness({ pingIntervalMs: 150, retryDelaysMs: [60_000] });
    await h.manager.save({ mcpServers: { web: { url: server.url } } });
    await h.inState('web', 'ready');
    await server.close();
    expect((await h.inState('web', 'error')).error).toMatch(/^the server stopped answering: /);
  });
});

// Prompts and resources of the real MCP reference server
// (@modelcontextprotocol/server-everything over stdio), through the MCP service
// as the core's `mcp:prompts`, `mcp:get-prompt`, `mcp:resources` and
// `mcp:read-resource` handlers use it.
import { mkdtemp } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { McpServerStatus } from '@shared/mcp/mcp-status';
import { expandUriTemplate } from '@shared/mcp/mcp-resources';
import { memoryLifecycle } from '../process/process-lifecycle';
import { ToolRegistry } from '../tools/tool-registry';
import { openMcpManager, type McpManager } from './mcp-manager';
import { getMcpPrompt, listMcpPrompts } from './mcp-prompts';
import { listMcpResources, readMcpResource } from './mcp-resources';
import { FAST_TIMING, waitFor } from '@test-support/mcp/mcp-harness';

const REFERENCE_SERVER = createRequire(import.meta.url).resolve(
  '@modelcontextprotocol/server-everything/dist/index.js',
);

let manager: McpManager;
let statuses: McpServerStatus[] = [];

beforeAll(async () => {
  manager = await openMcpManager({
    dataDir: await mkdtemp(join(tmpdir(), 'eva-mcp-everything-')),
    tools: new ToolRegistry(),
    onStatus: (servers) => (statuses = servers),
    launch: memoryLifecycle().launch,
    timing: FAST_TIMING,
  });
  await manager.save({
    mcpServers: {
      everything: { command: process.execPath, args: [REFERENCE_SERVER, 'stdio'] },
      // Never connects: its prompts are simply not there, and asking it by name says why.
      broken: { command: process.execPath, args: ['-e', 'process.exit(3)'] },
    },
  });
  await waitFor(
    () => statuses.find((s) => s.name === 'everything')?.state === 'ready',
    'the reference server to be ready',
  );
});

afterAll(() => manager.dispose());

describe('prompts of the reference server', () => {
  it('lists every prompt with its arguments and which of them are required', async () => {
    const listing = await listMcpPrompts(manager.clients);
    expect(listing.failures).toEqual([]);
    expect(listing.prompts.map((p) => p.name)).toEqual([
      'simple-prompt',
      'args-prompt',
      'completable-prompt',
      'resource-prompt',
    ]);
    expect(listing.prompts.every((p) => p.server === 'everything')).toBe(true);
    const args = listing.prompts.find((p) => p.name === 'args-prompt');
    expect(args?.title).toBe('Arguments Prompt');
    expect(args?.arguments).toEqual([
      { name: 'city', description: 'Name of the city', required: true },
      { name: 'state', description: '', required: false },
    ]);
  });

  it('fetches a prompt without arguments and one with them', async () => {
    const simple = await getMcpPrompt(manager.clients, { server: 'everything', name: 'simple-prompt' });
    expect(simple.messages).toEqual([
      { role: 'user', parts: [{ kind: 'text', text: 'This is a simple prompt without arguments.' }] },
    ]);
    const withArgs = await getMcpPrompt(manager.clients, {
      server: 'everything',
      name: 'args-prompt',
      arguments: { city: 'Paris' },
    });
    expect(withArgs.messages[0]?.parts[0]).toMatchObject({ kind: 'text', text: expect.stringContaining('Paris') });
  });

  it('reads embedded resources into text, also when the server sends the text as base64', async () => {
    const text = await getMcpPrompt(manager.clients, {
      server: 'everything',
      name: 'resource-prompt',
      arguments: { resourceType: 'Text', resourceId: '2' },
    });
    expect(text.messages.map((m) => m.parts[0]?.kind)).toEqual(['text', 'resource-text']);
    expect(text.messages[1]?.parts[0]).toMatchObject({
      uri: 'demo://resource/dynamic/text/2',
      mimeType: 'text/plain',
      text: expect.stringContaining('Resource 2: This is a plaintext resource'),
    });
    const blob = await getMcpPrompt(manager.clients, {
      server: 'everything',
      name: 'resource-prompt',
      arguments: { resourceType: 'Blob', resourceId: '5' },
    });
    expect(blob.messages[1]?.parts[0]).toMatchObject({
      kind: 'resource-text',
      uri: 'demo://resource/dynamic/blob/5',
      text: expect.stringContaining('Resource 5: This is a base64 blob'),
    });
  });

  it("says in the server's words why a prompt was refused, and names a server that is not connected", async () => {
    await expect(
      getMcpPrompt(manager.clients, {
        server: 'everything',
        name: 'resource-prompt',
        arguments: { resourceType: 'Video', resourceId: '1' },
      }),
    ).rejects.toMatchObject({
      message: expect.stringMatching(/^MCP server "everything" .*Invalid resourceType: Video/),
    });
    await expect(getMcpPrompt(manager.clients, { server: 'everything', name: 'no-such-prompt' })).rejects.toMatchObject(
      { message: expect.stringContaining('no-such-prompt') },
    );
    await expect(getMcpPrompt(manager.clients, { server: 'broken', name: 'x' })).rejects.toMatchObject({
      code: 'endpoint_error',
      message: expect.stringContaining('MCP server "broken" is not connected'),
    });
    await expect(getMcpPrompt(manager.clients, { server: 'nobody', name: 'x' })).rejects.toMatchObject({
      code: 'not_found',
    });
  });
});

describe('resources of the reference server', () => {
  it('lists the resources with names and MIME types, and the URI templates with their variables', async () => {
    const page = await listMcpResources(manager.clients, 'everything');
    expect(page.supported).toBe(true);
    expect(page.resources.map((r) => r.name)).toContain('architecture.md');
    expect(
      page.resources.every(
        (r) => r.mimeType === 'text/markdown' && r.uri.startsWith('demo://resource/static/document/'),
      ),
    ).toBe(true);
    expect(page.templates.map((t) => [t.name, t.variables])).toEqual([
      ['Dynamic Text Resource', ['resourceId']],
      ['Dynamic Blob Resource', ['resourceId']],
    ]);
    // One page holds them all here; a cursor asks for the next one, and the templates come only once.
    expect(page.nextCursor).toBeNull();
  });

  it('reads a listed resource and a template filled in', async () => {
    const doc = await readMcpResource(manager.clients, {
      server: 'everything',
      uri: 'demo://resource/static/document/architecture.md',
    });
    expect(doc.parts).toHaveLength(1);
    expect(doc.parts[0]).toMatchObject({
      kind: 'resource-text',
      mimeType: 'text/markdown',
      text: expect.stringMatching(/^# Everything Server/),
    });
    const template = (await listMcpResources(manager.clients, 'everything')).templates.find(
      (t) => t.name === 'Dynamic Blob Resource',
    );
    const uri = expandUriTemplate(template?.uriTemplate ?? '', { resourceId: '7' });
    expect(uri).toBe('demo://resource/dynamic/blob/7');
    const blob = await readMcpResource(manager.clients, { server: 'everything', uri });
    expect(blob.parts[0]).toMatchObject({
      kind: 'resource-text',
      text: expect.stringContaining('Resource 7: This is a base64 blob'),
    });
  });

  it('names the resource the server does not know', async () => {
    await expect(
      readMcpResource(manager.clients, { server: 'everything', uri: 'demo://resource/dynamic/text/0' }),
    ).rejects.toMatchObject({ message: expect.stringContaining('demo://resource/dynamic/text/0') });
  });
});

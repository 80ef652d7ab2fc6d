// The tools every test MCP server offers (stdio, Streamable HTTP, SSE-only),
// written with the real SDK: echo and add (read-only), a slow one that notices
// cancellation, one that fails, one that returns an image, one that leaves a
// grandchild `sleep` behind (to prove the process tree is killed), and one that
// adds a tool at run time (to prove `tools/list_changed` is followed).
import { spawn } from 'node:child_process';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

/** 1×1 transparent PNG */
export const TINY_PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

export function createTestMcpServer(label: string): McpServer {
  const server = new McpServer({ name: `eva-test-${label}`, version: '1.0.0' });

  server.registerTool(
    'echo',
    { description: 'Echo the text back.', inputSchema: { text: z.string() }, annotations: { readOnlyHint: true } },
    async ({ text }) => ({ content: [{ type: 'text', text: `${label}: ${text}` }] }),
  );

  server.registerTool(
    'add',
    {
      description: 'Add two numbers.',
      inputSchema: { a: z.number(), b: z.number() },
      annotations: { readOnlyHint: true },
    },
    async ({ a, b }) => ({ content: [{ type: 'text', text: String(a + b) }] }),
  );

  server.registerTool(
    'slow',
    { description: 'Wait, then answer; stops early when the call is cancelled.', inputSchema: { ms: z.number() } },
    async ({ ms }, extra) =>
      new Promise((resolve) => {
        const timer = setTimeout(() => resolve({ content: [{ type: 'text', text: `waited ${ms} ms` }] }), ms);
        extra.signal.addEventListener('abort', () => {
          clearTimeout(timer);
          resolve({ content: [{ type: 'text', text: 'cancelled' }] });
        });
      }),
  );

  server.registerTool('fail', { description: 'Always reports an error.' }, async () => ({
    content: [{ type: 'text', text: 'the disk is on fire\nsecond line' }],
    isError: true,
  }));

  server.registerTool(
    'picture',
    { description: 'Returns a tiny image.', annotations: { readOnlyHint: true } },
    async () => ({
      content: [
        { type: 'text', text: 'here is the picture' },
        { type: 'image', data: TINY_PNG_BASE64, mimeType: 'image/png' },
      ],
    }),
  );

  server.registerTool(
    'spawn_sleeper',
    { description: 'Starts a grandchild `sleep` and returns its pid and ours.' },
    async () => {
      const child = spawn('sleep', ['300'], { stdio: 'ignore' });
      await new Promise((resolve) => child.once('spawn', resolve));
      return { content: [{ type: 'text', text: JSON.stringify({ server: process.pid, sleeper: child.pid }) }] };
    },
  );

  server.registerTool('grow', { description: 'Adds the tool "extra".' }, async () => {
    server.registerTool(
      'extra',
      { description: 'Appeared at run time.', annotations: { readOnlyHint: true } },
      async () => ({
        content: [{ type: 'text', text: 'extra!' }],
      }),
    );
    return { content: [{ type: 'text', text: 'grown' }] };
  });

  return server;
}

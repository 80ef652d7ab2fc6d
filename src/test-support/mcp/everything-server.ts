// The MCP reference server (@modelcontextprotocol/server-everything, a
// devDependency), run from node_modules: over stdio as a config entry, or over
// Streamable HTTP as a process of its own on a free port, which a test can
// kill to see how fast a dead server is noticed.
import { join } from 'node:path';
import type { McpStdioServer } from '@shared/mcp/mcp-config';
import { findFreePort } from '@main/services/backend/launch/net-probe';
import { launchProcess } from '@main/services/process/launch';
import { testAssets } from '../test-assets';

export const EVERYTHING_SERVER = join(
  testAssets.root,
  'node_modules',
  '@modelcontextprotocol',
  'server-everything',
  'dist',
  'index.js',
);

/** The reference server over stdio, as an mcp.json entry. */
export function everythingStdio(): McpStdioServer {
  return { command: process.execPath, args: [EVERYTHING_SERVER, 'stdio'] };
}

export interface EverythingHttp {
  /** the Streamable HTTP endpoint */
  url: string;
  port: number;
  pid: number;
  /** SIGKILL: the server vanishes without a word, as a crashed one does */
  kill(): Promise<void>;
  stop(): Promise<void>;
}

/** The reference server in its Streamable HTTP mode (`PORT`), resolved once it listens. */
export async function startEverythingHttp(port?: number): Promise<EverythingHttp> {
  const chosen = port ?? (await findFreePort('127.0.0.1'));
  const log: string[] = [];
  let listening = false;
  const proc = launchProcess({
    name: 'mcp-everything (test)',
    command: process.execPath,
    args: [EVERYTHING_SERVER, 'streamableHttp'],
    env: { ...process.env, PORT: String(chosen) },
    killGraceMs: 1_000,
    output: {
      mode: 'lines',
      onLine: (_stream, line) => {
        log.push(line);
        if (/listening on port/i.test(line)) listening = true;
      },
    },
  });
  const deadline = Date.now() + 20_000;
  while (!listening) {
    if (proc.hasExited() || Date.now() > deadline) {
      await proc.stop();
      throw new Error(`the MCP reference server did not start on port ${chosen}:\n${log.slice(-20).join('\n')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return {
    url: `http://127.0.0.1:${chosen}/mcp`,
    port: chosen,
    pid: proc.pid!,
    kill: async () => void (await proc.kill()),
    stop: async () => void (await proc.stop()),
  };
}

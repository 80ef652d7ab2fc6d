// Shared pieces of the MCP tests: the stdio test server as a config entry,
// short timings, polling, and a process check that counts zombies as gone
// (an orphan's zombie waits for PID 1 to reap it, which some containers never do).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { McpStdioServer } from '@shared/mcp/mcp-config';
import { isAlive } from '@main/services/process/kill-tree';
import type { McpTiming } from '@main/services/mcp/mcp-server-slot';

export const STDIO_TEST_SERVER = fileURLToPath(new URL('./stdio-test-server.ts', import.meta.url));

/** The stdio test server, run from source through tsx. */
export function stdioTestServer(label: string, extra: Partial<McpStdioServer> = {}): McpStdioServer {
  return { command: process.execPath, args: ['--import', 'tsx', STDIO_TEST_SERVER, label], ...extra };
}

export const FAST_TIMING: Partial<McpTiming> = {
  connectTimeoutMs: 20_000,
  callTimeoutMs: 10_000,
  retryDelaysMs: [300, 600],
  stableMs: 60_000,
  pingIntervalMs: 0,
  killGraceMs: 1_000,
};

export async function waitFor<T>(
  check: () => T | null | undefined | false,
  what: string,
  timeoutMs = 20_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** true when no process with this pid runs (a zombie does not run). */
export function isGone(pid: number): boolean {
  if (!isAlive(pid)) return true;
  if (process.platform !== 'linux') return false;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z');
  } catch {
    return true;
  }
}

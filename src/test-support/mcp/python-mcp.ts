// For tests: a Python environment with the Python MCP SDK (`mcp`) in
// .cache/mcp-venv, so a real server written with it can be started. `npm test`
// provisions it (scripts/fixtures/make-python-mcp.ts); a test that still finds it
// missing sets it up (once: python3 -m venv, then pip install mcp), saying so, and
// fails loudly with the reason when it cannot; it never skips.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { McpStdioServer } from '@shared/mcp/mcp-config';
import { testAssets } from '@test-support/test-assets';

const VENV = join(testAssets.cacheDir, 'mcp-venv');
const PYTHON = join(VENV, process.platform === 'win32' ? 'Scripts/python.exe' : 'bin/python');
export const PYTHON_ASK_SERVER = fileURLToPath(new URL('./python/ask_server.py', import.meta.url));

/** Long enough to install the SDK and its dependencies from nothing on 2 cores. */
export const PYTHON_MCP_SETUP_TIMEOUT_MS = 15 * 60_000;

function hasSdk(): boolean {
  if (!existsSync(PYTHON)) return false;
  try {
    execFileSync(PYTHON, ['-c', 'import mcp.server.mcpserver'], { stdio: 'ignore', timeout: 60_000 });
    return true;
  } catch {
    return false;
  }
}

/** The environment's python, set up first when it is missing. */
export function requirePythonMcp(): string {
  if (hasSdk()) return PYTHON;
  console.log(`[python mcp] setting up ${VENV} with the Python MCP SDK (once; it takes a few minutes)`);
  try {
    if (!existsSync(PYTHON)) execFileSync('python3', ['-m', 'venv', VENV], { stdio: 'inherit' });
    // No retries: where only local package indexes answer, pip's retries of the unreachable public index cost minutes
    // (3.5 min here against 2.5 s) and change nothing.
    execFileSync(PYTHON, ['-m', 'pip', 'install', '--quiet', '--retries', '0', 'mcp>=2'], {
      stdio: 'inherit',
      timeout: PYTHON_MCP_SETUP_TIMEOUT_MS,
    });
  } catch (error) {
    throw new Error(
      `the Python MCP SDK could not be set up in ${VENV}: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  }
  if (!hasSdk()) throw new Error(`pip installed "mcp" in ${VENV}, yet "import mcp.server.mcpserver" still fails`);
  return PYTHON;
}

/** The Python ask server as a config entry. */
export function pythonAskServer(): McpStdioServer {
  return { command: requirePythonMcp(), args: [PYTHON_ASK_SERVER] };
}

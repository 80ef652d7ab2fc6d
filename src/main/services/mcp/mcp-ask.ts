// One prompts/resources request to a connected server, bounded by a timeout,
// ending either in the answer or in an AppFailure that names the server and
// says, in the server's own words, what it refused. The tool calls have their
// own path (mcp-call.ts); these requests never run anything on the user's machine.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import type { McpServerStatus } from '@shared/mcp/mcp-status';
import { AppFailure } from '@shared/errors';

/** How long a listing or a read may take: these are what the user waits on with the menu open. */
export const MCP_REQUEST_TIMEOUT_MS = 30_000;

/** The MCP service as prompts and resources need it: which servers there are, and the client of each ready one. */
export interface McpClients {
  statuses(): readonly McpServerStatus[];
  /** the live client of a ready server; null while it is connecting, failed or disabled */
  client(server: string): Client | null;
}

/** The server's client, or why there is none: unknown name, or not connected now. */
export function clientOf(clients: McpClients, server: string): Client {
  const client = clients.client(server);
  if (client) return client;
  const status = clients.statuses().find((candidate) => candidate.name === server);
  if (!status) throw new AppFailure('not_found', `no MCP server named "${server}" is configured`);
  const why =
    status.state === 'disabled'
      ? 'it is disabled in the MCP settings'
      : status.state === 'connecting'
        ? 'it is still connecting'
        : (status.error ?? 'it is not connected');
  throw new AppFailure('endpoint_error', `MCP server "${server}" is not connected: ${why}`, {
    server,
    state: status.state,
  });
}

/** Runs one request; `what` names it in the error ("the prompt \"review\""). */
export async function askServer<T>(
  server: string,
  what: string,
  request: (options: { timeout: number }) => Promise<T>,
  timeoutMs = MCP_REQUEST_TIMEOUT_MS,
): Promise<T> {
  try {
    return await request({ timeout: timeoutMs });
  } catch (error) {
    throw asFailure(server, what, error, timeoutMs);
  }
}

function asFailure(server: string, what: string, error: unknown, timeoutMs: number): AppFailure {
  const where = `MCP server "${server}"`;
  if (error instanceof McpError) {
    const said = error.message.replace(/^MCP error -?\d+:\s*/, '');
    switch (error.code) {
      case ErrorCode.RequestTimeout:
        return new AppFailure(
          'endpoint_error',
          `${where} did not answer ${what} within ${Math.round(timeoutMs / 1000)} s`,
          { server },
        );
      case ErrorCode.InvalidParams:
        return new AppFailure('bad_request', `${where} refused ${what}: ${said}`, { server });
      case ErrorCode.MethodNotFound:
        return new AppFailure('not_found', `${where} does not offer ${what}: ${said}`, { server });
      default:
        return new AppFailure('endpoint_error', `${where} answered ${what} with an error: ${said}`, { server });
    }
  }
  const message = error instanceof Error ? error.message : String(error);
  return new AppFailure('endpoint_error', `${where} could not be asked for ${what}: ${message}`, { server });
}

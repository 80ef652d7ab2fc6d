// What a call to a server that is not connected gets back: why, and when it is tried again, so the model can tell
// a server that is coming back from one that is gone. Pure.
import type { McpServerState } from '@shared/mcp/mcp-status';
import { toolError, type ToolRunResult } from '@shared/tools/tool-types';

/** The slot as the message needs it; `retryInMs`: the time to the next attempt, null when none is scheduled. */
export interface UnavailableView {
  stopped: boolean;
  state: McpServerState;
  error: string | null;
  retryInMs: number | null;
}

function unavailableMessage(server: string, view: UnavailableView): string {
  const who = `MCP server "${server}"`;
  if (view.stopped) return `${who} was removed from the configuration`;
  if (view.state === 'disabled') return `${who} is disabled in the MCP settings`;
  if (view.state === 'connecting') return `${who} is not connected yet (connecting); try again in a moment`;
  const retry =
    view.retryInMs === null ? '' : ` It will be retried in ${Math.max(1, Math.round(view.retryInMs / 1000))} s.`;
  return `${who} is not connected: ${view.error ?? 'unknown error'}.${retry}`;
}

/** The failed call's result: `mcp_unavailable`, with the server and its state as details. */
export function unavailableResult(server: string, view: UnavailableView): ToolRunResult {
  return {
    status: 'error',
    output: '',
    error: toolError('mcp_unavailable', unavailableMessage(server, view), { server, state: view.state }),
    durationMs: 0,
  };
}

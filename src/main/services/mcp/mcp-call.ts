// One `tools/call` on a live connection, ending as a ToolRunResult whatever
// happens: the tool's answer, its own error (isError), a timeout (the server
// is told to cancel), Stop, or the server vanishing mid-call. Errors say which
// server, so the model and the user know where to look.
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { mcpResultToToolResult, type McpCallResult } from '@shared/mcp/mcp-result';
import { toolError, type ToolProgress, type ToolRunResult } from '@shared/tools/tool-types';
import type { McpConnection } from './mcp-connect';

export interface McpCallRequest {
  server: string;
  /** the server's own tool name (without `server@`) */
  tool: string;
  args: Record<string, unknown>;
  timeoutMs: number;
  signal?: AbortSignal;
  /** the server's progress notifications for this call */
  onProgress?: (progress: ToolProgress) => void;
  /** hands over the call's hold: while held (the user answers the server's question) the timeout does not run */
  holdWith?: (hold: (held: boolean) => void) => void;
}

/** How the call failed, so the manager knows when the connection itself is gone. */
export type McpCallOutcome = { result: ToolRunResult; connectionLost: boolean };

/** A progress notification restarts the timeout, but no call runs longer than this (the user's answers aside). */
const MAX_TOTAL_MS = 10 * 60_000;

export async function callMcpTool(
  connection: McpConnection,
  request: McpCallRequest,
  clock: () => number = performance.now.bind(performance),
): Promise<McpCallOutcome> {
  const started = clock();
  const elapsed = (): number => Math.round(clock() - started);
  if (request.signal?.aborted) return { result: stopped(0), connectionLost: false };
  // The timeout is kept here rather than by the SDK, so that it can wait while the user answers the server.
  const abort = new AbortController();
  const onStop = (): void => abort.abort(request.signal?.reason);
  request.signal?.addEventListener('abort', onStop, { once: true });
  const deadline = idleDeadline(request.timeoutMs, () => abort.abort(new Error('timed out')));
  request.holdWith?.((held) => (held ? deadline.hold() : deadline.release()));
  try {
    const result = await connection.client.callTool({ name: request.tool, arguments: request.args }, undefined, {
      timeout: MAX_TOTAL_MS,
      resetTimeoutOnProgress: true,
      maxTotalTimeout: MAX_TOTAL_MS,
      // Abort sends notifications/cancelled for this request and rejects at once (the SDK's Protocol.request).
      signal: abort.signal,
      // Asking for progress (a progressToken) is also what lets a long-running server keep the call alive.
      onprogress: (update) => {
        deadline.restart();
        request.onProgress?.(readProgress(update));
      },
    });
    return { result: mcpResultToToolResult(result as McpCallResult, elapsed()), connectionLost: false };
  } catch (error) {
    return failure(deadline.expired() ? TIMED_OUT : error, request, elapsed());
  } finally {
    deadline.clear();
    request.signal?.removeEventListener('abort', onStop);
  }
}

const TIMED_OUT = new McpError(ErrorCode.RequestTimeout, 'timed out');

/** A timer that restarts on progress and stands still while held. */
function idleDeadline(ms: number, onExpiry: () => void) {
  let timer: NodeJS.Timeout | null = null;
  let holds = 0;
  let expired = false;
  const stop = (): void => {
    if (timer) clearTimeout(timer);
    timer = null;
  };
  const start = (): void => {
    stop();
    if (holds === 0 && !expired)
      timer = setTimeout(() => {
        expired = true;
        onExpiry();
      }, ms);
  };
  start();
  return {
    restart: start,
    hold: () => {
      holds += 1;
      stop();
    },
    release: () => {
      holds = Math.max(0, holds - 1);
      start();
    },
    expired: () => expired,
    clear: stop,
  };
}

function failure(error: unknown, request: McpCallRequest, durationMs: number): McpCallOutcome {
  const where = `MCP server "${request.server}"`;
  if (request.signal?.aborted) return { result: stopped(durationMs), connectionLost: false };
  if (error instanceof McpError) {
    switch (error.code) {
      case ErrorCode.RequestTimeout:
        return lost(
          false,
          'timeout',
          toolError(
            'timeout',
            `${where} did not answer "${request.tool}" within ${Math.round(request.timeoutMs / 1000)} s; the call was cancelled`,
          ),
          durationMs,
        );
      case ErrorCode.ConnectionClosed:
        return lost(
          true,
          'error',
          toolError('mcp_unavailable', `${where} went away during the call to "${request.tool}"; it will be restarted`),
          durationMs,
        );
      case ErrorCode.InvalidParams:
        return lost(
          false,
          'error',
          toolError('invalid_arguments', `${where} rejected the arguments of "${request.tool}": ${plain(error)}`),
          durationMs,
        );
      case ErrorCode.MethodNotFound:
        // The server lists this tool, so "method not found" comes from something the tool itself called: most often
        // a request the server sent EVA during the call. Saying "unknown tool" here would send the model astray.
        return lost(
          false,
          'error',
          toolError(
            'tool_failed',
            `${where} failed "${request.tool}" with "method not found" (${plain(error)}); the tool exists, so a method it used during the call, on its side or on EVA's, is not supported`,
          ),
          durationMs,
        );
      default:
        return lost(
          false,
          'error',
          toolError('tool_failed', `${where} answered with an error: ${plain(error)}`),
          durationMs,
        );
    }
  }
  // Anything else is the transport failing (a refused HTTP connection, a closed pipe): the connection is gone.
  const message =
    error instanceof Error
      ? `${error.message}${error.cause instanceof Error ? `: ${error.cause.message}` : ''}`
      : String(error);
  return lost(
    true,
    'error',
    toolError(
      'mcp_unavailable',
      `${where} could not be reached for "${request.tool}": ${message}; it will be reconnected`,
    ),
    durationMs,
  );
}

function lost(
  connectionLost: boolean,
  status: ToolRunResult['status'],
  error: ReturnType<typeof toolError>,
  durationMs: number,
): McpCallOutcome {
  return { result: { status, output: '', error, durationMs }, connectionLost };
}

function stopped(durationMs: number): ToolRunResult {
  return { status: 'stopped', output: '', error: toolError('stopped', 'stopped by the user'), durationMs };
}

/** A notification's fields as a server sent them, made safe to show: finite numbers, a short message. */
function readProgress(update: { progress: number; total?: number; message?: string }): ToolProgress {
  const progress: ToolProgress = { progress: Number.isFinite(update.progress) ? update.progress : 0 };
  if (typeof update.total === 'number' && Number.isFinite(update.total) && update.total > 0)
    progress.total = update.total;
  if (typeof update.message === 'string' && update.message.trim() !== '')
    progress.message = update.message.trim().slice(0, 500);
  return progress;
}

/** McpError messages start with "MCP error -32602: "; the number helps nobody. */
function plain(error: McpError): string {
  return error.message.replace(/^MCP error -?\d+:\s*/, '');
}

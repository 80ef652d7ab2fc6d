// Opens one MCP connection: stdio for a command, Streamable HTTP for a URL with
// a fallback to the legacy SSE transport (servers written before 2025-03 only
// speak that), bounded by a timeout because a wrong URL or a server that never
// answers `initialize` must end as an error the user can read.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { isStdioServer, type McpRemoteServer, type McpServerConfig, type McpStdioServer } from '@shared/mcp/mcp-config';
import type { McpTransportKind } from '@shared/mcp/mcp-status';
import type { Launch } from '../process/process-lifecycle';
import { describeExit } from '../process/exit-record';
import { GroupStdioTransport } from './group-stdio-transport';

export interface ConnectOptions {
  /** the server's name in mcp.json */
  name?: string;
  config: McpServerConfig;
  timeoutMs: number;
  clientInfo: { name: string; version: string };
  killGraceMs?: number;
  /** the process lifecycle's launcher for stdio servers (default: untracked, for tests) */
  launch?: Launch;
  /** the server said its tool list changed */
  onToolsChanged?: () => void;
  /** told which transport is being tried, for the status row */
  onTransport?: (kind: McpTransportKind) => void;
  /** cancels a connect in progress (config replaced, app quitting) */
  signal?: AbortSignal;
}

/** A live connection; `onClosed` fires once, whether the server went away or we closed it. */
export interface McpConnection {
  readonly client: Client;
  readonly transport: McpTransportKind;
  readonly pid: number | null;
  stderrTail(): string;
  /** why it closed, for the status row: "the server exited (exit code 1): <last stderr line>" */
  closeReason(): string;
  onClosed(listener: () => void): void;
  /** stops the server process tree (stdio) or ends the session (HTTP) */
  close(): Promise<void>;
}

/** A failed connect, with what a stdio server printed before it gave up. */
export class McpConnectError extends Error {
  constructor(
    message: string,
    readonly stderrTail: string,
  ) {
    super(message);
    this.name = 'McpConnectError';
  }
}

export async function connectMcp(options: ConnectOptions): Promise<McpConnection> {
  const { config } = options;
  if (isStdioServer(config)) return attempt(options, 'stdio', stdioTransport(config, options));
  if (config.type === 'sse') return attempt(options, 'sse', sseTransport(config));
  try {
    return await attempt(options, 'http', httpTransport(config));
  } catch (httpError) {
    if (config.type !== undefined || options.signal?.aborted) throw httpError;
    try {
      return await attempt(options, 'sse', sseTransport(config));
    } catch (sseError) {
      throw new McpConnectError(`Streamable HTTP failed (${(httpError as Error).message}); legacy SSE failed too (${(sseError as Error).message})`, '');
    }
  }
}

function stdioTransport(config: McpStdioServer, options: ConnectOptions): GroupStdioTransport {
  return new GroupStdioTransport({ name: options.name, command: config.command, args: config.args, env: config.env, cwd: config.cwd, killGraceMs: options.killGraceMs, launch: options.launch });
}

function httpTransport(config: McpRemoteServer): Transport {
  return new StreamableHTTPClientTransport(new URL(config.url), { requestInit: { headers: config.headers ?? {} } });
}

function sseTransport(config: McpRemoteServer): Transport {
  return new SSEClientTransport(new URL(config.url), { requestInit: { headers: config.headers ?? {} } });
}

async function attempt(options: ConnectOptions, kind: McpTransportKind, transport: Transport): Promise<McpConnection> {
  options.onTransport?.(kind);
  const client = new Client(options.clientInfo, {
    capabilities: {},
    listChanged: { tools: { autoRefresh: false, onChanged: () => options.onToolsChanged?.() } },
  });
  const closedListeners: Array<() => void> = [];
  let closed = false;
  client.onclose = () => {
    if (closed) return;
    closed = true;
    for (const listener of closedListeners.splice(0)) listener();
  };
  // Protocol-level errors (a log line on stdout, a dropped SSE stream) are not fatal by themselves;
  // a dead server shows up as a close, a failed call or a failed ping.
  client.onerror = () => {};

  const stdio = transport instanceof GroupStdioTransport ? transport : null;
  try {
    await withDeadline(client.connect(transport, { timeout: options.timeoutMs, signal: options.signal }), options.timeoutMs, options.signal, kind);
  } catch (error) {
    // Read why before stopping: afterwards every server has "exited".
    const reason = explainConnectError(error, stdio);
    await client.close().catch(() => {});
    await stdio?.stop();
    throw new McpConnectError(reason, stdio?.stderrTail() ?? '');
  }

  return {
    client,
    transport: kind,
    pid: stdio?.pid ?? null,
    stderrTail: () => stdio?.stderrTail() ?? '',
    closeReason: () => {
      const exit = stdio?.exit();
      if (!exit) return 'the connection was closed';
      const lastLine = stdio?.stderrTail().trim().split(/\r?\n/).at(-1);
      return `the server exited (${describeExit(exit)})${lastLine ? `: ${lastLine}` : ''}`;
    },
    onClosed: (listener) => {
      if (closed) listener();
      else closedListeners.push(listener);
    },
    close: async () => {
      await client.close().catch(() => {});
      await stdio?.stop();
    },
  };
}

/** `client.connect` bounds `initialize` but not the transport's start (an SSE stream that never sends its endpoint). */
function withDeadline<T>(work: Promise<T>, timeoutMs: number, signal: AbortSignal | undefined, kind: McpTransportKind): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms (${kind})`)), timeoutMs);
    const onAbort = (): void => reject(new Error('connection cancelled'));
    signal?.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    });
  });
}

function explainConnectError(error: unknown, stdio: GroupStdioTransport | null): string {
  const exit = stdio?.exit();
  const message = exit?.spawnError ?? (exit ? `the server exited during start-up (${describeExit(exit)})` : error instanceof Error ? error.message : String(error));
  const cause = !exit && error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
  const stderr = stdio?.stderrTail().trim();
  const lastLine = stderr ? stderr.split(/\r?\n/).at(-1) : '';
  return `${message}${cause}${lastLine ? ` (stderr: ${lastLine})` : ''}`;
}


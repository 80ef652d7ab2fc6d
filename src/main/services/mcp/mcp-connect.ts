// Opens one MCP connection: stdio for a command, Streamable HTTP for a URL with
// a fallback to the legacy SSE transport (servers written before 2025-03 only
// speak that), bounded by a timeout because a wrong URL or a server that never
// answers `initialize` must end as an error the user can read.
//
// An HTTP server has no process to watch. When one of its streams breaks (the
// server was killed, or merely closed a stream it may reopen) the connection
// asks at once whether anyone is there (a ping); one that fails closes the
// connection, which fails every call in flight within a moment instead of at
// the next keep-alive ping.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  CreateMessageRequestSchema,
  ElicitRequestSchema,
  ListRootsRequestSchema,
  type Root,
} from '@modelcontextprotocol/sdk/types.js';
import { isStdioServer, type McpRemoteServer, type McpServerConfig, type McpStdioServer } from '@shared/mcp/mcp-config';
import type { McpTransportKind } from '@shared/mcp/mcp-status';
import type { Launch } from '../process/process-lifecycle';
import { describeExit } from '../process/exit-record';
import { GroupStdioTransport } from './group-stdio-transport';
import type { ServerRequestRouter } from './mcp-server-requests';

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
  /**
   * the roots the server may work in (the workspace), asked for by `roots/list`; none: the roots capability is not
   * declared
   */
  roots?: () => Root[];
  /** headers added to the config's own for an HTTP server (the sealed API key) */
  authHeaders?: Record<string, string>;
  /** how long the ping after a broken stream may take before the server counts as gone */
  probeTimeoutMs?: number;
  /**
   * where the server's questions for the user and its sampling requests go; none: the elicitation and sampling
   * capabilities are not declared
   */
  serverRequests?: ServerRequestRouter;
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
  /** tells the server its roots changed (`notifications/roots/list_changed`); it asks for them again */
  rootsChanged(): Promise<void>;
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
  const headers = mergeHeaders(config.headers ?? {}, options.authHeaders ?? {});
  if (config.type === 'sse') return attempt(options, 'sse', sseTransport(config, headers));
  try {
    return await attempt(options, 'http', httpTransport(config, headers));
  } catch (httpError) {
    if (config.type !== undefined || options.signal?.aborted) throw httpError;
    try {
      return await attempt(options, 'sse', sseTransport(config, headers));
    } catch (sseError) {
      throw new McpConnectError(
        `Streamable HTTP failed (${(httpError as Error).message}); legacy SSE failed too (${(sseError as Error).message})`,
        '',
      );
    }
  }
}

function stdioTransport(config: McpStdioServer, options: ConnectOptions): GroupStdioTransport {
  return new GroupStdioTransport({
    name: options.name,
    command: config.command,
    args: config.args,
    env: config.env,
    cwd: config.cwd,
    killGraceMs: options.killGraceMs,
    launch: options.launch,
  });
}

function httpTransport(config: McpRemoteServer, headers: Record<string, string>): Transport {
  return new StreamableHTTPClientTransport(new URL(config.url), { requestInit: { headers } });
}

function sseTransport(config: McpRemoteServer, headers: Record<string, string>): Transport {
  return new SSEClientTransport(new URL(config.url), { requestInit: { headers } });
}

const DEFAULT_PROBE_TIMEOUT_MS = 5_000;

async function attempt(options: ConnectOptions, kind: McpTransportKind, transport: Transport): Promise<McpConnection> {
  options.onTransport?.(kind);
  const { roots, serverRequests } = options;
  const client = new Client(options.clientInfo, {
    capabilities: {
      ...(roots ? { roots: { listChanged: true } } : {}),
      // Form mode only: a URL to open is not something EVA shows in a conversation.
      ...(serverRequests ? { elicitation: { form: {} }, sampling: {} } : {}),
    },
    listChanged: { tools: { autoRefresh: false, onChanged: () => options.onToolsChanged?.() } },
  });
  if (roots) client.setRequestHandler(ListRootsRequestSchema, async () => ({ roots: roots() }));
  if (serverRequests) {
    client.setRequestHandler(ElicitRequestSchema, (request) => serverRequests.elicit(request.params));
    client.setRequestHandler(CreateMessageRequestSchema, (request) => serverRequests.sample(request.params));
  }
  const closedListeners: Array<() => void> = [];
  let closed = false;
  let ready = false;
  let probing = false;
  let lostReason: string | null = null;
  client.onclose = () => {
    if (closed) return;
    closed = true;
    for (const listener of closedListeners.splice(0)) listener();
  };
  // Protocol-level errors (a log line on stdout, a dropped SSE stream) are not fatal by themselves;
  // a dead server shows up as a close, a failed call or a failed ping. Over HTTP a broken stream
  // is the first sign of a dead server, so it is checked on the spot.
  client.onerror = () => {
    if (kind === 'stdio' || !ready || closed || probing) return;
    probing = true;
    client
      .ping({ timeout: options.probeTimeoutMs ?? DEFAULT_PROBE_TIMEOUT_MS })
      .then(
        () => {},
        (error: unknown) => {
          if (closed) return;
          lostReason = `the server stopped answering: ${describeError(error)}`;
          // Closing rejects every request in flight with ConnectionClosed (mcp-call.ts: "went away").
          // lostReason above is what the user reads; a close that fails on a dead connection adds nothing.
          void client.close().catch(() => {});
        },
      )
      .finally(() => (probing = false));
  };

  const stdio = transport instanceof GroupStdioTransport ? transport : null;
  try {
    await withDeadline(
      client.connect(transport, { timeout: options.timeoutMs, signal: options.signal }),
      options.timeoutMs,
      options.signal,
      kind,
    );
  } catch (error) {
    // Read why before stopping: afterwards every server has "exited".
    const reason = explainConnectError(error, stdio);
    // The connect error thrown below is the one to report; a half-open client may fail to close.
    await client.close().catch(() => {});
    await stdio?.stop();
    throw new McpConnectError(reason, stdio?.stderrTail() ?? '');
  }

  ready = true;
  return {
    client,
    transport: kind,
    pid: stdio?.pid ?? null,
    stderrTail: () => stdio?.stderrTail() ?? '',
    closeReason: () => {
      const exit = stdio?.exit();
      if (!exit) return lostReason ?? 'the connection was closed';
      const lastLine = stdio?.stderrTail().trim().split(/\r?\n/).at(-1);
      return `the server exited (${describeExit(exit)})${lastLine ? `: ${lastLine}` : ''}`;
    },
    onClosed: (listener) => {
      if (closed) listener();
      else closedListeners.push(listener);
    },
    close: async () => {
      // Closing a client whose server is already gone fails; stopping the process below is what counts.
      await client.close().catch(() => {});
      await stdio?.stop();
    },
    rootsChanged: async () => {
      if (roots && !closed) await client.sendRootsListChanged();
    },
  };
}

/** The sealed key's header wins over a header of the same name in mcp.json (names are case-insensitive). */
function mergeHeaders(own: Record<string, string>, added: Record<string, string>): Record<string, string> {
  const taken = new Set(Object.keys(added).map((name) => name.toLowerCase()));
  return { ...Object.fromEntries(Object.entries(own).filter(([name]) => !taken.has(name.toLowerCase()))), ...added };
}

function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  return `${error.message}${error.cause instanceof Error ? `: ${error.cause.message}` : ''}`;
}

/** `client.connect` bounds `initialize` but not the transport's start (an SSE stream that never sends its endpoint). */
function withDeadline<T>(
  work: Promise<T>,
  timeoutMs: number,
  signal: AbortSignal | undefined,
  kind: McpTransportKind,
): Promise<T> {
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
  const message =
    exit?.spawnError ??
    (exit
      ? `the server exited during start-up (${describeExit(exit)})`
      : error instanceof Error
        ? error.message
        : String(error));
  const cause = !exit && error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
  const stderr = stdio?.stderrTail().trim();
  const lastLine = stderr ? stderr.split(/\r?\n/).at(-1) : '';
  return `${message}${cause}${lastLine ? ` (stderr: ${lastLine})` : ''}`;
}

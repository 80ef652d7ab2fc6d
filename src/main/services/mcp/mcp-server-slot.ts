// One configured MCP server over its whole life: connect, list tools, serve
// calls, notice when it dies (process exit, closed stream, failed call or
// ping), and try again with backoff. It is also the server's ToolProvider:
// after a loss its tools stay listed so a call gets a clear "not connected"
// instead of "unknown tool", and the model learns the server is coming back.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Root } from '@modelcontextprotocol/sdk/types.js';
import { isStdioServer, type McpServerConfig } from '@shared/mcp/mcp-config';
import type { McpServerState, McpServerStatus, McpTransportKind } from '@shared/mcp/mcp-status';
import { mcpToolDescriptor, type McpToolInfo } from '@shared/tools/mcp-tool-name';
import type { ToolDescriptor, ToolProgressListener, ToolRunResult } from '@shared/tools/tool-types';
import type { Launch } from '../process/process-lifecycle';
import type { ProviderCall, ToolProvider } from '../tools/tool-registry';
import { callMcpTool } from './mcp-call';
import { listAllTools } from './mcp-tool-list';
import { unavailableResult } from './mcp-unavailable';
import { connectMcp, McpConnectError, type McpConnection } from './mcp-connect';
import { ServerRequestRouter } from './mcp-server-requests';
import { failuresAfterLoss, retryDelayMs } from './reconnect-backoff';
import type { McpTiming } from './mcp-timing';

export type { McpTiming } from './mcp-timing';

export interface SlotDeps {
  name: string;
  config: McpServerConfig;
  timing: McpTiming;
  clientInfo: { name: string; version: string };
  /** the process lifecycle's launcher for stdio servers (default: untracked, for tests) */
  launch?: Launch;
  /** the status changed */
  onChange: () => void;
  now: () => number;
  /** what `roots/list` answers (the workspace); none: the client declares no roots */
  roots?: () => Root[];
  /** the sealed API key as headers, read at each connect (HTTP servers only) */
  authHeaders?: () => Promise<Record<string, string>>;
  /** whether an API key is stored for this server */
  hasKey?: () => boolean;
}

export class McpServerSlot implements ToolProvider {
  private state: McpServerState = 'connecting';
  private transport: McpTransportKind | null = null;
  private connection: McpConnection | null = null;
  private tools: McpToolInfo[] = [];
  private toolDescriptors: ToolDescriptor[] = [];
  private error: string | null = null;
  private failures = 0;
  private retryAt: number | null = null;
  private since: number;
  private readySince = 0;
  private stderr = '';
  private retryTimer: NodeJS.Timeout | null = null;
  private pingTimer: NodeJS.Timeout | null = null;
  private connecting: AbortController | null = null;
  /** bumped on every (re)connect and on stop, so callbacks of an older connection do nothing */
  private generation = 0;
  private stopped = false;
  /** the server's questions and sampling requests, routed to the call in flight */
  private readonly requests: ServerRequestRouter;

  constructor(private readonly deps: SlotDeps) {
    this.since = deps.now();
    this.requests = new ServerRequestRouter(deps.name);
  }

  get name(): string {
    return this.deps.name;
  }

  get config(): McpServerConfig {
    return this.deps.config;
  }

  start(): void {
    if (this.deps.config.disabled) this.set('disabled', { error: null });
    else void this.connect();
  }

  /** Drop the current connection (if any) and connect now, forgetting earlier failures. */
  async reconnect(): Promise<void> {
    if (this.stopped || this.deps.config.disabled) return;
    this.failures = 0;
    await this.drop();
    void this.connect();
  }

  /** Stop for good: no retries, the server process tree is gone when this resolves. */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.drop();
    this.tools = [];
    this.toolDescriptors = [];
  }

  status(): McpServerStatus {
    return {
      name: this.deps.name,
      state: this.state,
      transport: this.transport,
      tools: this.tools.map((tool) => ({
        name: tool.name,
        description: tool.description ?? '',
        readOnly: tool.annotations?.readOnlyHint === true,
      })),
      error: this.error,
      failures: this.failures,
      retryAt: this.retryAt,
      pid: this.connection?.pid ?? null,
      since: this.since,
      stderrTail: this.connection?.stderrTail() ?? this.stderr,
      ...(this.deps.hasKey ? { hasKey: this.deps.hasKey() } : {}),
    };
  }

  /** The roots changed (another workspace): a connected server is told, and asks for them again. */
  async rootsChanged(): Promise<void> {
    await this.connection?.rootsChanged().catch(() => {});
  }

  descriptors(): readonly ToolDescriptor[] {
    return this.toolDescriptors;
  }

  /** The live client while ready, for prompts and resources (mcp-prompts.ts, mcp-resources.ts); null otherwise. */
  liveClient(): Client | null {
    return this.state === 'ready' ? (this.connection?.client ?? null) : null;
  }

  async run(call: ProviderCall & ToolProgressListener): Promise<ToolRunResult> {
    const prefix = `${this.deps.name}@`;
    const tool = call.name.startsWith(prefix) ? call.name.slice(prefix.length) : call.name;
    const connection = this.connection;
    if (this.state !== 'ready' || !connection) {
      const retryInMs = this.retryAt === null ? null : this.retryAt - this.deps.now();
      return unavailableResult(this.deps.name, {
        stopped: this.stopped,
        state: this.state,
        error: this.error,
        retryInMs,
      });
    }
    const generation = this.generation;
    let hold: (held: boolean) => void = () => {};
    const end = this.requests.begin({ tool, asks: call.asks, signal: call.signal, hold: (held) => hold(held) });
    const outcome = await callMcpTool(connection, {
      server: this.deps.name,
      tool,
      args: call.args,
      timeoutMs: this.deps.timing.callTimeoutMs,
      signal: call.signal,
      onProgress: call.onProgress,
      holdWith: (given) => (hold = given),
    }).finally(end);
    if (outcome.connectionLost) this.lose(generation, outcome.result.error?.message ?? 'the connection failed');
    return outcome.result;
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    const generation = ++this.generation;
    const abort = new AbortController();
    this.connecting = abort;
    this.clearRetry();
    this.set('connecting', { error: this.error });
    const { timing } = this.deps;
    let connection: McpConnection | null = null;
    try {
      const authHeaders = isStdioServer(this.deps.config) ? undefined : await this.deps.authHeaders?.();
      if (generation !== this.generation) return;
      connection = await connectMcp({
        roots: this.deps.roots,
        serverRequests: this.requests,
        authHeaders,
        name: this.deps.name,
        config: this.deps.config,
        timeoutMs: timing.connectTimeoutMs,
        clientInfo: this.deps.clientInfo,
        killGraceMs: timing.killGraceMs,
        launch: this.deps.launch,
        signal: abort.signal,
        onTransport: (kind) => {
          if (generation !== this.generation) return;
          this.transport = kind;
          this.deps.onChange();
        },
        onToolsChanged: () => void this.refreshTools(generation),
      });
      const tools = await listAllTools(connection.client, timing.connectTimeoutMs);
      if (generation !== this.generation) {
        await connection.close();
        return;
      }
      this.connection = connection;
      this.setTools(tools);
      this.readySince = this.deps.now();
      this.set('ready', { error: null });
      const live = connection;
      connection.onClosed(() => this.lose(generation, live.closeReason()));
      this.startPings(generation, connection);
    } catch (error) {
      if (connection && this.connection !== connection) await connection.close();
      if (generation !== this.generation) return;
      this.failures += 1;
      this.stderr = error instanceof McpConnectError ? error.stderrTail : (connection?.stderrTail() ?? '');
      this.scheduleRetry(error instanceof Error ? error.message : String(error));
    } finally {
      if (this.connecting === abort) this.connecting = null;
    }
  }

  /** The connection died under us: forget it, kill what is left, try again later. */
  private lose(generation: number, reason: string): void {
    if (generation !== this.generation || this.stopped) return;
    const connection = this.connection;
    this.generation += 1;
    this.connection = null;
    this.stopPings();
    this.stderr = connection?.stderrTail() ?? this.stderr;
    void connection?.close();
    this.failures = failuresAfterLoss(this.failures, this.deps.now() - this.readySince, this.deps.timing.stableMs);
    this.scheduleRetry(reason);
  }

  private scheduleRetry(reason: string): void {
    if (this.stopped) return;
    const delay = retryDelayMs(this.failures, this.deps.timing.retryDelaysMs);
    this.retryAt = this.deps.now() + delay;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      void this.connect();
    }, delay);
    this.retryTimer.unref?.();
    this.set('error', { error: reason });
  }

  private async refreshTools(generation: number): Promise<void> {
    const connection = this.connection;
    if (generation !== this.generation || !connection) return;
    try {
      const tools = await listAllTools(connection.client, this.deps.timing.connectTimeoutMs);
      if (generation !== this.generation) return;
      this.setTools(tools);
      this.deps.onChange();
    } catch {
      // A failed refresh keeps the old list; a dead server is noticed by its close or the next call.
    }
  }

  private startPings(generation: number, connection: McpConnection): void {
    const interval = this.deps.timing.pingIntervalMs;
    if (interval <= 0 || connection.transport === 'stdio') return;
    this.pingTimer = setInterval(() => {
      connection.client.ping({ timeout: this.deps.timing.connectTimeoutMs }).catch((error: unknown) => {
        this.lose(
          generation,
          `the server stopped answering: ${error instanceof Error ? error.message : String(error)}`,
        );
      });
    }, interval);
    this.pingTimer.unref?.();
  }

  private async drop(): Promise<void> {
    this.generation += 1;
    this.connecting?.abort();
    this.connecting = null;
    this.clearRetry();
    this.stopPings();
    const connection = this.connection;
    this.connection = null;
    await connection?.close();
  }

  private setTools(tools: McpToolInfo[]): void {
    this.tools = tools;
    this.toolDescriptors = tools.map((tool) => mcpToolDescriptor(this.deps.name, tool));
  }

  private set(state: McpServerState, patch: { error: string | null }): void {
    if (state !== this.state) this.since = this.deps.now();
    this.state = state;
    this.error = patch.error;
    if (state !== 'error') this.retryAt = null;
    this.deps.onChange();
  }

  private clearRetry(): void {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
  }

  private stopPings(): void {
    if (this.pingTimer) clearInterval(this.pingTimer);
    this.pingTimer = null;
  }
}

// The stdio transport for MCP servers, ours instead of the SDK's because its
// close() signals only the direct child: `npx foo` or `uvx foo` leaves the real
// server (a grandchild) running. The server is started through the process
// lifecycle: its own process group, stopped as a tree (SIGTERM, then SIGKILL),
// anything left in the group after it exits killed too, recorded so that a
// crash of the app does not leave it behind, and its last stderr lines kept
// (usually the only clue why a server would not start).
import { getDefaultEnvironment } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ReadBuffer, serializeMessage } from '@modelcontextprotocol/sdk/shared/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import type { ExitInfo } from '../process/exit-record';
import { launchProcess, type ManagedProcess } from '../process/launch';
import type { Launch } from '../process/process-lifecycle';

export interface GroupStdioOptions {
  /** the server's name in mcp.json, for logs and the ledger */
  name?: string;
  command: string;
  args?: readonly string[];
  /** added to a minimal inherited environment (PATH, HOME, …), like other MCP clients do */
  env?: Record<string, string>;
  cwd?: string;
  /** SIGTERM → SIGKILL delay when stopping */
  killGraceMs?: number;
  /** the process lifecycle's launcher; default: untracked (tests) */
  launch?: Launch;
}

const DEFAULT_GRACE_MS = 2000;
/** after the leader exits, how long we wait for its pipes to close before reporting the close anyway */
const CLOSE_AFTER_EXIT_MS = 1000;

export class GroupStdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  private proc: ManagedProcess | null = null;
  private readonly buffer = new ReadBuffer();
  private exitInfo: ExitInfo | null = null;
  private closeReported = false;

  constructor(private readonly options: GroupStdioOptions) {}

  get pid(): number | null {
    return this.proc?.pid ?? null;
  }

  /** how the server ended, once it has */
  exit(): ExitInfo | null {
    return this.exitInfo;
  }

  /** the last lines the server wrote to stderr */
  stderrTail(): string {
    return this.proc?.lastLines().join('\n') ?? '';
  }

  async start(): Promise<void> {
    if (this.proc) throw new Error('this stdio transport was already started');
    const { command, args = [], env, cwd } = this.options;
    const launch = this.options.launch ?? launchProcess;
    const proc = launch({
      name: `mcp:${this.options.name ?? command}`,
      command,
      args,
      cwd,
      env: { ...getDefaultEnvironment(), ...env },
      output: { mode: 'rpc', onStdout: (chunk) => this.read(chunk) },
      killGraceMs: this.options.killGraceMs ?? DEFAULT_GRACE_MS,
      drainMs: CLOSE_AFTER_EXIT_MS,
      // `npx` and friends are .cmd shims on Windows.
      resolveWindowsCommand: true,
    });
    this.proc = proc;
    void proc.exited.then((exit) => {
      this.exitInfo = { code: exit.code, signal: exit.signal, spawnError: exit.spawnError };
      this.reportClose();
    });
    if (proc.pid === null) {
      const exit = await proc.exited;
      throw new Error(exit.spawnError ?? `could not start "${command}"`);
    }
  }

  send(message: JSONRPCMessage): Promise<void> {
    if (!this.proc || this.proc.hasExited()) return Promise.reject(new Error('the MCP server process is not running'));
    return this.proc.write(serializeMessage(message));
  }

  /** Closes stdin (the polite MCP way to say goodbye), then stops the tree. */
  async close(): Promise<void> {
    this.proc?.endInput();
    await this.stop();
    this.buffer.clear();
  }

  /** SIGTERM to the tree, SIGKILL after the grace period; resolves when the server is gone. */
  async stop(graceMs = this.options.killGraceMs ?? DEFAULT_GRACE_MS): Promise<ExitInfo> {
    if (!this.proc) {
      // Never started: nothing to stop.
      this.exitInfo ??= { code: null, signal: null, spawnError: 'not started' };
      return this.exitInfo;
    }
    const exit = await this.proc.stop(graceMs);
    return { code: exit.code, signal: exit.signal, spawnError: exit.spawnError };
  }

  private read(chunk: Buffer): void {
    try {
      this.buffer.append(chunk);
    } catch (error) {
      this.onerror?.(error as Error);
      void this.close();
      return;
    }
    for (;;) {
      let message: JSONRPCMessage | null;
      try {
        message = this.buffer.readMessage();
      } catch (error) {
        // A server that prints logs to stdout: report the line, keep reading.
        this.onerror?.(error as Error);
        continue;
      }
      if (message === null) return;
      this.onmessage?.(message);
    }
  }

  private reportClose(): void {
    if (this.closeReported) return;
    this.closeReported = true;
    this.onclose?.();
  }
}

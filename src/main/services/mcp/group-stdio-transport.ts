// The stdio transport for MCP servers, ours instead of the SDK's because its
// close() signals only the direct child: `npx foo` or `uvx foo` leaves the real
// server (a grandchild) running. Here the child leads its own process group
// (POSIX) and stopping signals the whole tree, SIGTERM then SIGKILL; anything
// left in the group after the leader exits is killed too. It also keeps a
// bounded stderr tail, which is usually the only clue why a server would not
// start, and exposes the process to a ProcessRegistry so quitting stops it.
import { existsSync } from 'node:fs';
import type { ChildProcess } from 'node:child_process';
import spawn from 'cross-spawn';
import { getDefaultEnvironment } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ReadBuffer, serializeMessage } from '@modelcontextprotocol/sdk/shared/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { killTree } from '../process/kill-tree';
import type { ExitInfo, SupervisedProcess } from '../process/supervisor';

export interface GroupStdioOptions {
  command: string;
  args?: readonly string[];
  /** added to a minimal inherited environment (PATH, HOME, …), like other MCP clients do */
  env?: Record<string, string>;
  cwd?: string;
  /** SIGTERM → SIGKILL delay when stopping */
  killGraceMs?: number;
  /** called once the child runs, e.g. `(proc) => registry.track(proc)` */
  onSpawn?: (proc: SupervisedProcess) => void;
}

const STDERR_TAIL_CHARS = 4096;
const DEFAULT_GRACE_MS = 2000;
/** after the leader exits, how long we wait for its pipes to close before reporting the close anyway */
const CLOSE_AFTER_EXIT_MS = 1000;

export class GroupStdioTransport implements Transport, SupervisedProcess {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  private child: ChildProcess | null = null;
  private readonly buffer = new ReadBuffer();
  private stderr = '';
  private closeReported = false;
  private done = false;
  private exitInfo: ExitInfo | null = null;
  private resolveExit!: (info: ExitInfo) => void;
  readonly exited: Promise<ExitInfo>;

  constructor(private readonly options: GroupStdioOptions) {
    this.exited = new Promise((resolve) => {
      this.resolveExit = (info) => {
        if (this.done) return;
        this.done = true;
        this.exitInfo = info;
        resolve(info);
      };
    });
  }

  get pid(): number | null {
    return this.child?.pid ?? null;
  }

  hasExited(): boolean {
    return this.done;
  }

  /** how the server ended, once it has */
  exit(): ExitInfo | null {
    return this.exitInfo;
  }

  /** the last few KB the server wrote to stderr */
  stderrTail(): string {
    return this.stderr;
  }

  async start(): Promise<void> {
    if (this.child) throw new Error('this stdio transport was already started');
    const { command, args = [], env, cwd } = this.options;
    // spawn reports a missing cwd as "spawn <command> ENOENT", which sends people looking for the wrong thing.
    if (cwd !== undefined && !existsSync(cwd)) throw new Error(`the working directory "${cwd}" does not exist`);
    const child = spawn(command, args, {
      cwd,
      env: { ...getDefaultEnvironment(), ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
      shell: false,
      // A new process group on POSIX lets us signal the whole tree at once (Windows: taskkill /T).
      detached: process.platform !== 'win32',
      windowsHide: true,
    });
    this.child = child;

    await new Promise<void>((resolve, reject) => {
      child.once('spawn', () => resolve());
      child.once('error', (error: NodeJS.ErrnoException) => {
        const message = error.code === 'ENOENT' ? `could not start "${command}": not found (is it installed and on PATH?)` : `could not start "${command}": ${error.message}`;
        this.resolveExit({ code: null, signal: null, spawnError: message });
        reject(new Error(message));
      });
    });

    child.stdout?.on('data', (chunk: Buffer) => this.read(chunk));
    child.stdout?.on('error', (error) => this.onerror?.(error));
    child.stdin?.on('error', (error) => this.onerror?.(error));
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (chunk: string) => {
      this.stderr = (this.stderr + chunk).slice(-STDERR_TAIL_CHARS);
    });
    child.once('exit', (code, signal) => {
      this.resolveExit({ code, signal, spawnError: null });
      // Whatever the server started must not outlive it (it may hold our pipes open, too).
      if (child.pid !== undefined) killTree(child.pid, 'SIGKILL');
      setTimeout(() => this.reportClose(), CLOSE_AFTER_EXIT_MS).unref();
    });
    child.once('close', () => this.reportClose());
    this.options.onSpawn?.(this);
  }

  send(message: JSONRPCMessage): Promise<void> {
    return new Promise((resolve, reject) => {
      const stdin = this.child?.stdin;
      if (!stdin || this.done || stdin.destroyed) {
        reject(new Error('the MCP server process is not running'));
        return;
      }
      if (stdin.write(serializeMessage(message))) resolve();
      else stdin.once('drain', resolve);
    });
  }

  /** Closes stdin (the polite MCP way to say goodbye), then stops the tree. */
  async close(): Promise<void> {
    this.child?.stdin?.end();
    await this.stop();
    this.buffer.clear();
  }

  /** SIGTERM to the tree, SIGKILL after the grace period; resolves when the server is gone. */
  async stop(graceMs = this.options.killGraceMs ?? DEFAULT_GRACE_MS): Promise<ExitInfo> {
    const pid = this.child?.pid;
    if (this.done) return this.exited;
    if (pid === undefined) {
      // Never started (a bad cwd) or failed to spawn: nothing to stop.
      this.resolveExit({ code: null, signal: null, spawnError: 'not started' });
      return this.exited;
    }
    killTree(pid, 'SIGTERM');
    const timer = setTimeout(() => {
      if (!this.done) killTree(pid, 'SIGKILL');
    }, graceMs);
    const info = await this.exited;
    clearTimeout(timer);
    killTree(pid, 'SIGKILL');
    return info;
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

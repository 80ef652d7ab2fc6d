// Runs built-in tools in worker processes so a crash or hang of a tool never
// takes down main. Each call: a warm worker of the tool's kind (or a new one),
// a time limit that starts once the tool's code is loaded, Stop forwarded as a
// cancel with a grace period, and a kill of the worker's process group — plus
// any process group the tool reported — when the limit passes or the worker
// stops answering.
import { TOOL_LIMITS } from '@shared/tools/tool-limits';
import { toolError, type ToolRunResult, type ToolRunStatus } from '@shared/tools/tool-types';
import { killTree } from '../process/kill-tree';
import { stopTagged } from './shell/command-tag';
import type { DataDirFence } from './files/workspace-path';
import { defaultToolTimeouts } from './builtin-executors';
import { PREVIEW_TOOL } from './files/change-preview';
import { sandboxRefusal, type ContainerSandbox, type Sandbox } from './sandbox/sandbox';
import type { ToolOutput } from './tool-executor';
import { workerDeathError } from './worker/worker-death';
import { WorkerPool } from './worker/worker-pool';
import type { SpawnWorker, WorkerProcess } from './worker/worker-process';

export interface ToolRunnerOptions {
  spawnWorker: SpawnWorker;
  /** keep one warm worker per kind (default) or start one per call */
  reuseWorkers?: boolean;
  /** ms per tool name, overriding the defaults */
  timeouts?: Record<string, number>;
  /** starting a worker and loading a tool's code (default 20 s) */
  startTimeoutMs?: number;
  /** after Stop, how long a tool may take to wind down and report partial output (default 2.5 s) */
  cancelGraceMs?: number;
  /** warm workers exit after this long unused (default 5 min) */
  idleMs?: number;
  /** for the forbidden-command check inside the shell worker */
  homeDir?: string;
  /** EVA's data dir, refused to the file tools (workspace-path.ts) */
  fence?: DataDirFence;
  /** where execute_command runs, read at each call (the settings may change); absent: on this machine */
  sandbox?: () => Sandbox | undefined;
  /** removes containers a call started when its worker died before it could (sandbox/container-sweep.ts) */
  removeContainers?: (sandbox: ContainerSandbox, names: string[]) => Promise<unknown>;
  /** hosts web_fetch may reach though their addresses are private, read at each call (tools.webAllowHosts) */
  webAllowHosts?: () => readonly string[];
  /** records a process group a tool started (a shell command) with the process lifecycle; returns its release */
  adoptChild?: (pid: number, name: string) => () => void;
  now?: () => number;
}

/** One call for the runner. */
export interface ToolRunRequest {
  tool: string;
  args: Record<string, unknown>;
  workspaceDir: string;
  signal?: AbortSignal;
  /** overrides the tool's time limit */
  timeoutMs?: number;
}

const KINDS: Record<string, string> = {
  calculator: 'calculator',
  execute_command: 'shell',
  read_file: 'files',
  write_file: 'files',
  edit_file: 'files',
  list_files: 'files',
  [PREVIEW_TOOL]: 'files',
  controller: 'controller',
};

export function workerKindOf(tool: string): string {
  return KINDS[tool] ?? tool;
}

export class ToolRunner {
  private readonly pool: WorkerPool;
  private readonly timeouts: Record<string, number>;
  private readonly now: () => number;
  private nextId = 1;

  constructor(private readonly options: ToolRunnerOptions) {
    this.pool = new WorkerPool({
      spawn: options.spawnWorker,
      reuse: options.reuseWorkers ?? true,
      idleMs: options.idleMs,
      startTimeoutMs: options.startTimeoutMs ?? 20_000,
    });
    this.timeouts = { ...defaultToolTimeouts(), ...options.timeouts };
    this.now = options.now ?? Date.now;
  }

  async run(request: ToolRunRequest): Promise<ToolRunResult> {
    const started = this.now();
    const finish = (output: ToolOutput): ToolRunResult => ({ ...output, durationMs: this.now() - started });
    if (request.signal?.aborted) return finish(stoppedOutput('', 'stopped before it started'));
    const sandbox = this.options.sandbox?.();
    const refusal = sandboxRefusal(request.tool, sandbox);
    if (refusal) return finish({ status: 'error', output: '', error: toolError('sandbox_unavailable', refusal) });
    const kind = workerKindOf(request.tool);
    const acquired = await this.pool.acquire(kind);
    if (!acquired.ok)
      return finish({ status: 'error', output: '', error: toolError('worker_failed', acquired.message) });
    // Stop may have come while a worker was starting.
    if (request.signal?.aborted) {
      this.pool.release(kind, acquired.worker);
      return finish(stoppedOutput('', 'stopped before it started'));
    }
    const { output, healthy } = await this.callWorker(acquired.worker, request, sandbox);
    if (healthy) this.pool.release(kind, acquired.worker);
    return finish(output);
  }

  /** The diff a write_file/edit_file call would make, for the approval card (runs in the files worker). */
  preview(
    tool: 'write_file' | 'edit_file',
    args: Record<string, unknown>,
    workspaceDir: string,
    signal?: AbortSignal,
  ): Promise<ToolRunResult> {
    return this.run({ tool: PREVIEW_TOOL, args: { tool, arguments: args }, workspaceDir, signal });
  }

  /** Start workers ahead of the first call (e.g. when a conversation enables tools). */
  async warmUp(tools: readonly string[]): Promise<void> {
    const kinds = [...new Set(tools.map(workerKindOf))];
    await Promise.all(
      kinds.map(async (kind) => {
        const acquired = await this.pool.acquire(kind);
        if (acquired.ok) this.pool.release(kind, acquired.worker);
      }),
    );
  }

  /** pids of live workers, for diagnostics and tests */
  workerPids(): number[] {
    return this.pool.pids();
  }

  /** Kill every worker; later runs fail with worker_failed. Call on quit. */
  dispose(): Promise<void> {
    return this.pool.dispose();
  }

  private limitFor(request: ToolRunRequest): number {
    if (request.timeoutMs !== undefined) return request.timeoutMs;
    if (request.tool === 'execute_command') {
      const seconds =
        typeof request.args.timeout_seconds === 'number'
          ? request.args.timeout_seconds
          : TOOL_LIMITS.commandDefaultSeconds;
      // The worker enforces the command's own timeout and reports partial output; this is the backstop.
      return Math.min(seconds, TOOL_LIMITS.commandMaxSeconds) * 1000 + 5_000;
    }
    if (request.tool === 'controller') {
      const actions = Array.isArray(request.args.actions)
        ? (request.args.actions as Array<Record<string, unknown>>)
        : [];
      const waits = actions.reduce((sum, a) => sum + (typeof a?.ms === 'number' ? a.ms : 0), 0);
      return 15_000 + waits + 200 * actions.length;
    }
    return this.timeouts[request.tool] ?? TOOL_LIMITS.fileToolMs;
  }

  private callWorker(
    worker: WorkerProcess,
    request: ToolRunRequest,
    sandbox: Sandbox | undefined,
  ): Promise<{ output: ToolOutput; healthy: boolean }> {
    const id = this.nextId++;
    const limit = this.limitFor(request);
    const startLimit = this.options.startTimeoutMs ?? 20_000;
    const children = new Set<number>();
    const tags = new Set<string>();
    const containers: string[] = [];
    const releases: Array<() => void> = [];
    return new Promise((resolve) => {
      const timers: NodeJS.Timeout[] = [];
      let settled = false;
      const settle = async (output: ToolOutput, kill: boolean) => {
        if (settled) return;
        settled = true;
        timers.forEach(clearTimeout);
        unsubscribe();
        stopWatchingExit();
        request.signal?.removeEventListener('abort', onAbort);
        if (kill) {
          for (const pid of children) killTree(pid, 'SIGKILL');
          await worker.kill();
          // The worker died before its own sweep: what left the command's group goes now.
          await Promise.all([...tags].map((tag) => stopTagged(tag, 0)));
          if (sandbox?.mode === 'container' && containers.length > 0)
            await this.options.removeContainers?.(sandbox, containers);
        }
        for (const release of releases) release();
        resolve({ output, healthy: !kill });
      };
      const unsubscribe = worker.onMessage((message) => {
        if (message.type === 'begin' && message.id === id) {
          clearTimeout(startTimer);
          timers.push(setTimeout(() => void settle(timeoutOutput(request.tool, limit), true), limit));
        } else if (message.type === 'child' && message.id === id) {
          children.add(message.pid);
          if (message.tag !== undefined) tags.add(message.tag);
          const release = this.options.adoptChild?.(message.pid, `${request.tool} (tool command)`);
          if (release) releases.push(release);
        } else if (message.type === 'container' && message.id === id) containers.push(message.name);
        else if (message.type === 'result' && message.id === id) void settle(message.output, false);
      });
      const onAbort = () => {
        worker.send({ type: 'cancel', id });
        timers.push(
          setTimeout(
            () => void settle(stoppedOutput('', 'it did not stop in time and its worker was killed'), true),
            this.options.cancelGraceMs ?? 2_500,
          ),
        );
      };
      const stopWatchingExit = worker.onExit((exit) => {
        // Out of memory reads as such; otherwise the stderr line that names the cause ("Could not open main display").
        const error = workerDeathError(request.tool, exit, worker.stderrTail().trim());
        void settle({ status: 'error', output: '', error }, true);
      });
      // Until the tool's code is loaded only the start limit applies.
      const startTimer = setTimeout(
        () =>
          void settle(
            {
              status: 'error',
              output: '',
              error: toolError('worker_failed', `the ${request.tool} tool did not start within ${startLimit} ms`),
            },
            true,
          ),
        startLimit,
      );
      timers.push(startTimer);
      request.signal?.addEventListener('abort', onAbort, { once: true });
      worker.send({
        type: 'run',
        id,
        tool: request.tool,
        args: request.args,
        workspaceDir: request.workspaceDir,
        homeDir: this.options.homeDir,
        fence: this.options.fence,
        ...(sandbox ? { sandbox } : {}),
        ...(request.tool === 'web_fetch' ? { webAllowHosts: [...(this.options.webAllowHosts?.() ?? [])] } : {}),
      });
    });
  }
}

function timeoutOutput(tool: string, limit: number): ToolOutput {
  const seconds = limit >= 1000 ? `${limit / 1000} s` : `${limit} ms`;
  return {
    status: 'timeout',
    output: '',
    error: toolError('timeout', `${tool} took longer than ${seconds} and was stopped (its worker process was killed)`),
  };
}

function stoppedOutput(output: string, why: string): ToolOutput {
  const status: ToolRunStatus = 'stopped';
  return { status, output, error: toolError('stopped', `the user stopped the tool; ${why}`) };
}

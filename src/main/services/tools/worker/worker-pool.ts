// Warm workers by kind. A call takes an idle worker of its kind or starts a new
// one (waiting for its 'ready'); afterwards a healthy worker goes back to the
// pool — at most `maxIdle` per kind, each exiting after `idleMs` unused — or is
// killed when reuse is off. Busy workers are tracked too, so dispose() leaves
// nothing running.
import type { SpawnWorker, WorkerProcess } from './worker-process';

export interface WorkerPoolOptions {
  spawn: SpawnWorker;
  reuse: boolean;
  maxIdle?: number;
  idleMs?: number;
  startTimeoutMs: number;
}

export type Acquired = { ok: true; worker: WorkerProcess; spawned: boolean } | { ok: false; message: string };

export class WorkerPool {
  private readonly idle = new Map<string, Array<{ worker: WorkerProcess; timer: NodeJS.Timeout }>>();
  private readonly all = new Set<WorkerProcess>();
  private disposed = false;

  constructor(private readonly options: WorkerPoolOptions) {}

  async acquire(kind: string): Promise<Acquired> {
    if (this.disposed) return { ok: false, message: 'the tool runner has been shut down' };
    const list = this.idle.get(kind) ?? [];
    while (list.length > 0) {
      const entry = list.pop() as { worker: WorkerProcess; timer: NodeJS.Timeout };
      clearTimeout(entry.timer);
      if (!entry.worker.hasExited()) return { ok: true, worker: entry.worker, spawned: false };
    }
    return this.start(kind);
  }

  release(kind: string, worker: WorkerProcess): void {
    const list = this.idle.get(kind) ?? [];
    if (this.disposed || !this.options.reuse || worker.hasExited() || list.length >= (this.options.maxIdle ?? 1)) {
      void worker.kill();
      return;
    }
    const timer = setTimeout(
      () => {
        const at = list.findIndex((entry) => entry.worker === worker);
        if (at !== -1) list.splice(at, 1);
        void worker.kill();
      },
      this.options.idleMs ?? 5 * 60_000,
    );
    timer.unref();
    list.push({ worker, timer });
    this.idle.set(kind, list);
  }

  pids(): number[] {
    return [...this.all].flatMap((worker) => (worker.pid === null || worker.hasExited() ? [] : [worker.pid]));
  }

  async dispose(): Promise<void> {
    this.disposed = true;
    for (const list of this.idle.values()) for (const entry of list) clearTimeout(entry.timer);
    this.idle.clear();
    await Promise.all([...this.all].map((worker) => worker.kill()));
  }

  private async start(kind: string): Promise<Acquired> {
    const worker = this.options.spawn(kind);
    this.all.add(worker);
    void worker.exited.then(() => this.all.delete(worker));
    let unsubscribe = () => {};
    let timer: NodeJS.Timeout | undefined;
    const outcome = await Promise.race([
      new Promise<'ready'>((resolve) => {
        unsubscribe = worker.onMessage((message) => message.type === 'ready' && resolve('ready'));
      }),
      worker.exited.then(() => 'exited' as const),
      new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), this.options.startTimeoutMs))),
    ]);
    unsubscribe();
    clearTimeout(timer);
    if (outcome === 'ready') return { ok: true, worker, spawned: true };
    await worker.kill();
    const exit = await worker.exited;
    const why =
      exit.spawnError ??
      (outcome === 'timeout'
        ? `it did not start within ${this.options.startTimeoutMs} ms`
        : `it exited (code ${exit.code}, signal ${exit.signal})`);
    const stderr = worker.stderrTail().trim();
    return { ok: false, message: `the ${kind} tool worker could not start: ${why}${stderr ? `\n${stderr}` : ''}` };
  }
}

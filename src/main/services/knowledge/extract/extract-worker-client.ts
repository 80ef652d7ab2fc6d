// The knowledge service's extractor: every file is read in a worker process
// (extract-worker-main.ts) started through the process lifecycle with a V8 heap
// cap, so a document that needs more memory than that ends its worker, gets
// `out_of_memory` as its failure, and the core goes on. A worker that answered
// is kept warm for the next file (at most one per ingest lane, each exiting
// after `idleMs` unused); one that died, was cancelled or overran is killed.
import { launchProcess, type ManagedProcess } from '../../process/launch';
import type { Launch } from '../../process/process-lifecycle';
import { explainWorkerDeath } from '../../tools/worker/worker-death';
import { ExtractFailure } from './extract-failure';
import type { ExtractLimits } from './extract-limits';
import { isFromExtractWorker, type ExtractRequest, type FromExtractWorker } from './extract-protocol';
import type { ExtractedFile } from './extract-text';

/** Reads files for the knowledge service. */
export interface Extractor {
  /** the file's text, or an ExtractFailure; an abort rejects with the signal's reason */
  extract(path: string, limits: ExtractLimits, signal: AbortSignal): Promise<ExtractedFile>;
  dispose(): Promise<void>;
}

/** Where the worker's entry is and how to run it. */
export interface ExtractWorkerEntry {
  /** src/main/workers/extract-worker.ts in dev and tests, out/main/extract-worker.js when built */
  entry: string;
  /** ['--import', 'tsx'] for the TS entry; [] when built */
  execArgv: string[];
  /** Electron's binary runs it as Node with ELECTRON_RUN_AS_NODE=1 here */
  env?: NodeJS.ProcessEnv;
}

export interface ExtractWorkerOptions extends ExtractWorkerEntry {
  /** the process lifecycle's launcher; default untracked (tests) */
  launch?: Launch;
  execPath?: string;
  /** the worker's V8 heap cap */
  heapMb?: number;
  /** warm workers kept between files */
  maxIdle?: number;
  idleMs?: number;
  startTimeoutMs?: number;
  /** one file's reading time, past which its worker is killed */
  timeoutMs?: number;
}

interface Worker {
  proc: ManagedProcess;
  listeners: Set<(message: FromExtractWorker) => void>;
  exitListeners: Set<() => void>;
}

/** 1 GB holds mammoth's DOM of the largest part the caps let through (extract-limits.ts). */
const DEFAULT_HEAP_MB = 1024;
const DEFAULT_TIMEOUT_MS = 10 * 60_000;

export function workerExtractor(options: ExtractWorkerOptions): Extractor {
  const launch = options.launch ?? launchProcess;
  const heapMb = options.heapMb ?? DEFAULT_HEAP_MB;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const idle: Array<{ worker: Worker; timer: NodeJS.Timeout }> = [];
  const all = new Set<Worker>();
  let nextId = 1;
  let disposed = false;

  function spawn(): Worker {
    const listeners = new Set<(message: FromExtractWorker) => void>();
    const exitListeners = new Set<() => void>();
    const proc = launch({
      name: 'knowledge-reader',
      command: options.execPath ?? process.execPath,
      args: [...options.execArgv, `--max-old-space-size=${heapMb}`, options.entry],
      env: options.env ?? process.env,
      output: {
        mode: 'ipc',
        onMessage: (message) => isFromExtractWorker(message) && listeners.forEach((listener) => listener(message)),
      },
      killGraceMs: 1_000,
    });
    const worker = { proc, listeners, exitListeners };
    all.add(worker);
    void proc.exited.then(() => {
      all.delete(worker);
      for (const listener of exitListeners) listener();
    });
    return worker;
  }

  function release(worker: Worker): void {
    if (disposed || worker.proc.hasExited() || idle.length >= (options.maxIdle ?? 2)) {
      void worker.proc.kill();
      return;
    }
    const timer = setTimeout(() => {
      idle.splice(
        idle.findIndex((entry) => entry.worker === worker),
        1,
      );
      void worker.proc.kill();
    }, options.idleMs ?? 30_000);
    timer.unref();
    idle.push({ worker, timer });
  }

  async function acquire(path: string, signal: AbortSignal): Promise<Worker> {
    for (let entry = idle.pop(); entry; entry = idle.pop()) {
      clearTimeout(entry.timer);
      if (!entry.worker.proc.hasExited()) return entry.worker;
    }
    const worker = spawn();
    const started = await waitFor(
      worker,
      signal,
      options.startTimeoutMs ?? 60_000,
      (message) => message.type === 'ready',
    );
    if (started.kind === 'message') return worker;
    await worker.proc.kill();
    if (started.kind === 'aborted') throw signal.reason;
    const exit = await worker.proc.exited;
    const why =
      exit.spawnError ??
      (started.kind === 'timeout' ? 'it did not start in time' : `it exited (${exit.signal ?? `code ${exit.code}`})`);
    throw new ExtractFailure('read_failed', `${path}: the document reader could not start: ${why}`);
  }

  return {
    async extract(path, limits, signal) {
      signal.throwIfAborted();
      if (disposed) throw new ExtractFailure('read_failed', `${path}: the knowledge base is closing`);
      const worker = await acquire(path, signal);
      const id = nextId++;
      const request: ExtractRequest = { type: 'extract', id, path, limits };
      worker.proc.send(request);
      const answer = await waitFor(
        worker,
        signal,
        timeoutMs,
        (message) => message.type !== 'ready' && message.id === id,
      );
      if (answer.kind === 'message' && answer.message.type === 'extracted') {
        release(worker);
        return answer.message.file;
      }
      if (answer.kind === 'message' && answer.message.type === 'failed') {
        release(worker);
        throw new ExtractFailure(answer.message.reason, answer.message.message);
      }
      await worker.proc.kill();
      if (answer.kind === 'aborted') throw signal.reason;
      if (answer.kind === 'timeout')
        throw new ExtractFailure(
          'read_failed',
          `${path}: reading it took over ${Math.round(timeoutMs / 60_000)} minutes; it was stopped`,
        );
      throw deathFailure(path, await worker.proc.exited, worker.proc.lastLines().join('\n'), heapMb);
    },

    async dispose() {
      disposed = true;
      for (const entry of idle.splice(0)) clearTimeout(entry.timer);
      await Promise.all([...all].map((worker) => worker.proc.kill()));
    },
  };
}

type Waited =
  { kind: 'message'; message: FromExtractWorker } | { kind: 'exited' } | { kind: 'aborted' } | { kind: 'timeout' };

function waitFor(
  worker: Worker,
  signal: AbortSignal,
  timeoutMs: number,
  wanted: (message: FromExtractWorker) => boolean,
): Promise<Waited> {
  return new Promise((resolve) => {
    const finish = (waited: Waited) => {
      clearTimeout(timer);
      worker.listeners.delete(onMessage);
      worker.exitListeners.delete(onExit);
      signal.removeEventListener('abort', onAbort);
      resolve(waited);
    };
    const onMessage = (message: FromExtractWorker) => wanted(message) && finish({ kind: 'message', message });
    const onExit = () => finish({ kind: 'exited' });
    const onAbort = () => finish({ kind: 'aborted' });
    const timer = setTimeout(() => finish({ kind: 'timeout' }), timeoutMs);
    worker.listeners.add(onMessage);
    worker.exitListeners.add(onExit);
    signal.addEventListener('abort', onAbort, { once: true });
    if (worker.proc.hasExited()) onExit();
    else if (signal.aborted) onAbort();
  });
}

function deathFailure(
  path: string,
  exit: { code: number | null; signal: NodeJS.Signals | null },
  stderr: string,
  heapMb: number,
): ExtractFailure {
  const death = explainWorkerDeath(exit, stderr);
  const how = exit.signal ? `signal ${exit.signal}` : `exit code ${exit.code}`;
  // SIGABRT or SIGTRAP with no word why is how V8's heap-limit abort looks when its message is lost.
  if (death.kind === 'out_of_memory' || death.kind === 'aborted') {
    return new ExtractFailure(
      'out_of_memory',
      `${path}: reading it needed more than the ${heapMb} MB the document reader may use; the reader was ended (${how}) and the file left out`,
    );
  }
  return new ExtractFailure(
    'read_failed',
    `${path}: the document reader crashed (${how})${death.cause ? `: ${death.cause}` : ''}`,
  );
}

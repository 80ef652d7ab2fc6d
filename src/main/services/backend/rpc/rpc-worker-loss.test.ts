import { describe, expect, it } from 'vitest';
import type { ExitInfo } from '../../process/exit-record';
import { raceWorkerLoss, workerLossNotice, workerLostAtStart } from './rpc-worker-loss';
import type { LostWorker } from './rpc-worker-set';

const exitInfo = (signal: NodeJS.Signals | null): ExitInfo => ({ code: null, signal, spawnError: null });

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

describe('raceWorkerLoss', () => {
  it('stops the server when a worker is lost first, and names the worker', async () => {
    const lost = deferred<LostWorker>();
    let stopped = false;
    const run = { exited: new Promise<ExitInfo>(() => {}), stop: async () => ((stopped = true), exitInfo('SIGTERM')) };
    const end = raceWorkerLoss(run, { inUse: () => true, whenLost: () => lost.promise });
    lost.resolve({ endpoint: '127.0.0.1:41000', how: 'killed by SIGKILL', exit: { exitSignal: 'SIGKILL' } });
    expect(await end).toEqual({
      exit: exitInfo('SIGTERM'),
      lostWorker: { endpoint: '127.0.0.1:41000', how: 'killed by SIGKILL', exit: { exitSignal: 'SIGKILL' } },
    });
    expect(stopped).toBe(true);
  });

  it('blames a worker whose exit is seen just after the server it brought down', async () => {
    const lost = deferred<LostWorker>();
    const end = raceWorkerLoss(
      { exited: Promise.resolve(exitInfo('SIGABRT')), stop: async () => exitInfo(null) },
      { inUse: () => true, whenLost: () => lost.promise },
      1000,
    );
    setTimeout(() => lost.resolve({ endpoint: 'a:1', how: 'killed by SIGKILL', exit: { exitSignal: 'SIGKILL' } }), 20);
    expect((await end).lostWorker?.endpoint).toBe('a:1');
  });

  it('is a plain server exit without workers, or when none is lost within the grace', async () => {
    expect(
      await raceWorkerLoss(
        { exited: Promise.resolve(exitInfo('SIGSEGV')), stop: async () => exitInfo(null) },
        { inUse: () => false, whenLost: () => new Promise(() => {}) },
      ),
    ).toEqual({ exit: exitInfo('SIGSEGV'), lostWorker: null });
    expect(
      (
        await raceWorkerLoss(
          { exited: Promise.resolve(exitInfo('SIGSEGV')), stop: async () => exitInfo(null) },
          { inUse: () => true, whenLost: () => new Promise(() => {}) },
          10,
        )
      ).lostWorker,
    ).toBeNull();
  });
});

describe('workerLossNotice', () => {
  it('says which worker, how, and that the set restarts', () => {
    expect(
      workerLossNotice({ endpoint: '127.0.0.1:41000', how: 'killed by SIGKILL', exit: { exitSignal: 'SIGKILL' } }, 2),
    ).toBe(
      'RPC worker 127.0.0.1:41000 stopped unexpectedly (killed by SIGKILL); the answer in progress was cut off, and llama-server and its 2 workers are restarted',
    );
  });

  it("adds the worker's own last word when it printed one", () => {
    expect(
      workerLossNotice(
        {
          endpoint: '127.0.0.1:41000',
          how: 'killed by SIGABRT',
          exit: { exitSignal: 'SIGABRT' },
          said: 'ggml-cuda/fattn.cu:759: fatal error',
        },
        1,
      ),
    ).toBe(
      'RPC worker 127.0.0.1:41000 stopped unexpectedly (killed by SIGABRT: ggml-cuda/fattn.cu:759: fatal error); the answer in progress was cut off, and llama-server and its 1 worker are restarted',
    );
  });
});

describe('workerLostAtStart', () => {
  it('names the worker that died while the model loaded, how, and what it said', () => {
    expect(
      workerLostAtStart({
        endpoint: '127.0.0.1:43109',
        how: 'killed by SIGABRT',
        exit: { exitSignal: 'SIGABRT' },
        said: '/src/ggml/src/ggml-cuda/fattn.cu:759: fatal error',
      }),
    ).toBe(
      'RPC worker 127.0.0.1:43109 stopped while llama-server was loading the model (killed by SIGABRT): /src/ggml/src/ggml-cuda/fattn.cu:759: fatal error; see the model log',
    );
    expect(
      workerLostAtStart({ endpoint: '127.0.0.1:43109', how: 'killed by SIGKILL', exit: { exitSignal: 'SIGKILL' } }),
    ).toBe(
      'RPC worker 127.0.0.1:43109 stopped while llama-server was loading the model (killed by SIGKILL); see the model log',
    );
  });
});

// A load that started settles its fit: a remembered (or forgotten) fit that cannot be
// written does not fail the load, but the model log says so.
import { describe, expect, it } from 'vitest';
import type { LoadReport } from '@shared/contract';
import type { FitMemory } from './fit-memory';
import { settleFit, type FitRun } from './load-fitting';

const REPORT: LoadReport = { offloaded: null, buffers: [], nCtx: 4096, nCtxSeq: null, serverFit: null };

function run(shrunk: boolean): FitRun {
  const requested = { gpuLayers: 99, contextSize: 8192 };
  return {
    index: 0,
    key: 'model-key',
    requested,
    point: shrunk ? { gpuLayers: 20, contextSize: 4096 } : requested,
    changes: [],
    remembered: false,
    lastOutOfMemory: null,
  };
}

const failingMemory: FitMemory = {
  recall: () => null,
  remember: () => Promise.reject(new Error('ENOSPC: no space left on device')),
  forget: () => Promise.reject(new Error('EACCES: permission denied')),
};

describe('settleFit', () => {
  it('logs a fit it could not remember, and the load still settles', async () => {
    const logged: string[] = [];
    const fit = await settleFit(failingMemory, run(true), REPORT, (line) => logged.push(line));
    expect(fit.running).toEqual({ gpuLayers: 20, contextSize: 4096 });
    expect(logged).toEqual(['the fit for this model could not be remembered: ENOSPC: no space left on device']);
  });

  it('logs a fit it could not forget', async () => {
    const logged: string[] = [];
    await settleFit(failingMemory, run(false), REPORT, (line) => logged.push(line));
    expect(logged).toEqual(['the fit for this model could not be forgotten: EACCES: permission denied']);
  });
});

// ToolRunner wired the way tests and dev run it: TS worker entries through tsx.
import { fileURLToPath } from 'node:url';
import { ToolRunner, type ToolRunnerOptions } from '@main/services/tools/tool-runner';
import { forkWorkerSpawner } from '@main/services/tools/worker/worker-process';

export const TOOL_WORKER_ENTRY = fileURLToPath(new URL('../../main/workers/tool-worker.ts', import.meta.url));
export const FAULTY_WORKER_ENTRY = fileURLToPath(new URL('./faulty-worker.ts', import.meta.url));

export function makeTestRunner(entry = TOOL_WORKER_ENTRY, options: Partial<ToolRunnerOptions> = {}): ToolRunner {
  return new ToolRunner({
    spawnWorker: forkWorkerSpawner({ entry, execArgv: ['--import', 'tsx'], maxOldSpaceMb: { calculator: 256 } }),
    ...options,
  });
}

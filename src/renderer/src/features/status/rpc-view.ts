// The status bar's RPC segment: how many workers are ready, whether one was
// lost, and a tooltip line per worker with its devices' memory and the weights
// llama-server put there. Apart from the component so the wording is tested.
import type { BackendStatus, RpcWorkerStatus } from '@shared/contract';

export interface RpcView {
  ready: number;
  count: number;
  /** a worker is lost or not ready: the segment is shown as a warning */
  degraded: boolean;
  /** the tooltip, one line per worker */
  lines: string[];
}

export function describeRpcWorkers(status: BackendStatus | null): RpcView | null {
  const workers = status?.rpcWorkers ?? [];
  if (workers.length === 0) return null;
  const ready = workers.filter((worker) => worker.state === 'ready').length;
  return { ready, count: workers.length, degraded: ready < workers.length, lines: workers.map(workerLine) };
}

function workerLine(worker: RpcWorkerStatus): string {
  const devices = worker.devices.map(
    (device) =>
      `${device.name}${device.totalMiB !== null ? ` ${device.totalMiB} MiB` : ''}${device.freeMiB !== null ? `, ${device.freeMiB} MiB free` : ''}`,
  );
  const model = worker.modelMiB !== null ? [`model ${Math.round(worker.modelMiB)} MiB`] : [];
  const pid = worker.pid !== null ? [`pid ${worker.pid}`] : [];
  return `${worker.endpoint} (${worker.origin}): ${[worker.state, ...pid, ...devices, ...model].join(' · ')}`;
}

// The status bar's RPC segment: how many workers are ready, whether one was
// lost, and a tooltip line per worker with its devices' memory and the weights
// llama-server put there. Apart from the component so the wording is tested.
import type { BackendStatus, RpcWorkerStatus } from '@shared/contract';
import type { Translate } from '../../i18n';

export interface RpcView {
  ready: number;
  count: number;
  /** a worker is lost or not ready: the segment is shown as a warning */
  degraded: boolean;
  /** the tooltip, one line per worker */
  lines: string[];
}

export function describeRpcWorkers(status: BackendStatus | null, t: Translate): RpcView | null {
  const workers = status?.rpcWorkers ?? [];
  if (workers.length === 0) return null;
  const ready = workers.filter((worker) => worker.state === 'ready').length;
  const lines = workers.map((worker) => workerLine(worker, t));
  return { ready, count: workers.length, degraded: ready < workers.length, lines };
}

function workerLine(worker: RpcWorkerStatus, t: Translate): string {
  const devices = worker.devices.map(
    (device) =>
      `${device.name}${device.totalMiB !== null ? ` ${device.totalMiB} MiB` : ''}${device.freeMiB !== null ? `, ${t('status.rpcLine.free', { mib: device.freeMiB })}` : ''}`,
  );
  const model = worker.modelMiB !== null ? [t('status.rpcLine.model', { mib: Math.round(worker.modelMiB) })] : [];
  const pid = worker.pid !== null ? [`pid ${worker.pid}`] : [];
  const state = t(`status.rpcLine.state.${worker.state}`);
  const origin = t(`status.rpcLine.origin.${worker.origin}`);
  return `${worker.endpoint} (${origin}): ${[state, ...pid, ...devices, ...model].join(' · ')}`;
}

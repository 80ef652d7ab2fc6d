// The status bar's memory segment: what llama-server allocated after the last
// load (summed per device), and the lines of its tooltip: the buffers, EVA's
// estimate, llama-server's own fit and every change made to fit. Kept apart
// from the component so the sums and the wording are tested without React.
import type { BackendStatus } from '@shared/contract';
import type { Translate } from '../../i18n';
import { estimateReasonText } from '../backends/backend-labels';

export interface FitView {
  /** MiB llama-server allocated in all, weights mapped from the file included */
  totalMiB: number;
  /** the load had to shrink (now, or remembered from an earlier load) */
  shrunk: boolean;
  /** "context 16384 (asked 262144)" when shrunk */
  running: string | null;
  /** the tooltip, one line each */
  lines: string[];
}

export function describeFit(status: BackendStatus | null, t: Translate): FitView | null {
  const fit = status?.state === 'ready' ? status.fit : null;
  if (!fit) return null;
  const { report } = fit;
  const perDevice = new Map<string, { model: number; kv: number; compute: number }>();
  for (const buffer of report.buffers) {
    const sums = perDevice.get(buffer.device) ?? { model: 0, kv: 0, compute: 0 };
    sums[buffer.kind] += buffer.mib;
    perDevice.set(buffer.device, sums);
  }
  const totalMiB = Math.round(report.buffers.reduce((sum, buffer) => sum + buffer.mib, 0));
  const lines = [...perDevice].map(([device, sums]) =>
    t('status.fitLine.device', {
      device,
      model: Math.round(sums.model),
      kv: Math.round(sums.kv),
      compute: Math.round(sums.compute),
    }),
  );
  if (report.offloaded) lines.push(t('status.fitLine.offloaded', report.offloaded));
  if (report.nCtx !== null)
    lines.push(
      report.nCtxSeq !== null && report.nCtxSeq !== report.nCtx
        ? t('status.fitLine.contextSeq', { tokens: report.nCtx, seq: report.nCtxSeq })
        : t('status.fitLine.context', { tokens: report.nCtx }),
    );
  const estimate = status?.estimate;
  if (estimate)
    lines.push(
      t('status.fitLine.estimate', {
        layers: estimate.gpuLayers,
        max: estimate.maxLayers,
        reason: estimateReasonText(t, estimate),
      }),
    );
  const kvBytesPerToken = status?.model?.kvBytesPerToken ?? 0;
  if (kvBytesPerToken > 0 && report.nCtx !== null)
    lines.push(
      t('status.fitLine.kvEstimate', {
        mib: Math.round((kvBytesPerToken * report.nCtx) / 2 ** 20),
        tokens: report.nCtx,
      }),
    );
  const serverFit = report.serverFit;
  if (serverFit)
    lines.push(
      t(serverFit.memory === 'host' ? 'status.fitLine.serverFitHost' : 'status.fitLine.serverFitDevice', {
        projected: serverFit.projectedMiB,
        of: serverFit.ofMiB,
        verdict: serverFit.verdict ? `, ${serverFit.verdict}` : '',
      }),
    );
  if (fit.remembered) lines.push(t('status.fitLine.remembered'));
  for (const { device, from, to } of fit.changes) {
    const vars = { device, fromLayers: from.gpuLayers, toLayers: to.gpuLayers };
    lines.push(t('status.fitLine.change', { ...vars, fromContext: from.contextSize, toContext: to.contextSize }));
  }
  const { requested, running } = fit;
  const shrunk = requested.gpuLayers !== running.gpuLayers || requested.contextSize !== running.contextSize;
  const parts = [
    running.contextSize !== requested.contextSize
      ? t('status.fitRunning.context', {
          running: running.contextSize,
          asked: requested.contextSize || t('status.fitRunning.modelOwn'),
        })
      : null,
    running.gpuLayers !== requested.gpuLayers
      ? t('status.fitRunning.layers', { running: running.gpuLayers, asked: requested.gpuLayers })
      : null,
  ].filter((part) => part !== null);
  return { totalMiB, shrunk, running: shrunk ? parts.join(', ') : null, lines };
}

// The status bar's memory segment: what llama-server allocated after the last
// load (summed per device), and the lines of its tooltip: the buffers, EVA's
// estimate, llama-server's own fit and every change made to fit. Kept apart
// from the component so the sums and the wording are tested without React.
import type { BackendStatus } from '@shared/contract';

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

export function describeFit(status: BackendStatus | null): FitView | null {
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
  const lines = [...perDevice].map(
    ([device, sums]) =>
      `${device}: weights ${Math.round(sums.model)} MiB, KV cache ${Math.round(sums.kv)} MiB, compute ${Math.round(sums.compute)} MiB`,
  );
  if (report.offloaded) lines.push(`${report.offloaded.layers} of ${report.offloaded.of} layers on the GPU`);
  if (report.nCtx !== null)
    lines.push(
      `context ${report.nCtx} tokens${report.nCtxSeq !== null && report.nCtxSeq !== report.nCtx ? ` (${report.nCtxSeq} a sequence)` : ''}`,
    );
  if (status?.estimate)
    lines.push(
      `EVA's estimate: ${status.estimate.gpuLayers} of ${status.estimate.maxLayers} layers (${status.estimate.reason})`,
    );
  const kvBytesPerToken = status?.model?.kvBytesPerToken ?? 0;
  if (kvBytesPerToken > 0 && report.nCtx !== null)
    lines.push(
      `EVA's estimate of the KV cache from the model's header: ${Math.round((kvBytesPerToken * report.nCtx) / 2 ** 20)} MiB for ${report.nCtx} tokens`,
    );
  if (report.serverFit)
    lines.push(
      `llama-server's own fit: ${report.serverFit.projectedMiB} of ${report.serverFit.ofMiB} MiB of ${report.serverFit.memory === 'host' ? 'host memory' : 'free device memory'}${report.serverFit.verdict ? `, ${report.serverFit.verdict}` : ''}`,
    );
  if (fit.remembered) lines.push('started with what fit last time on this machine');
  lines.push(...fit.changes.map((change) => change.text));
  const { requested, running } = fit;
  const shrunk = requested.gpuLayers !== running.gpuLayers || requested.contextSize !== running.contextSize;
  const parts = [
    running.contextSize !== requested.contextSize
      ? `context ${running.contextSize} (asked ${requested.contextSize || 'the model’s own'})`
      : null,
    running.gpuLayers !== requested.gpuLayers ? `${running.gpuLayers} GPU layers (asked ${requested.gpuLayers})` : null,
  ].filter((part) => part !== null);
  return { totalMiB, shrunk, running: shrunk ? parts.join(', ') : null, lines };
}

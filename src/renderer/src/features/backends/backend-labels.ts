// Short human labels for backends, GPUs and builds, used by About and the load dialog.
import { formatCount } from '../../lib/format';
import type { BackendInfo, BackendKind, BuildInfo, GpuInfo, GpuLayerEstimate, LoadSettings } from '@shared/contract';
import { BACKEND_KINDS } from '@shared/contract';
import type { Translate } from '../../i18n';
import { formatMiB } from '../../lib/format';

const KIND_LABELS: Record<BackendKind, string> = { cuda: 'CUDA', vulkan: 'Vulkan', opencl: 'OpenCL', cpu: 'CPU' };

export function backendLabel(kind: BackendKind): string {
  return KIND_LABELS[kind];
}

/** "NVIDIA H100 80GB HBM3 · 79.1 GiB free / 79.6 GiB"; memory parts left out when unknown. */
export function gpuLabel(gpu: GpuInfo): string {
  const { totalMiB, freeMiB } = gpu;
  if (totalMiB !== null && freeMiB !== null) return `${gpu.name} · ${formatMiB(freeMiB)} free / ${formatMiB(totalMiB)}`;
  if (totalMiB !== null) return `${gpu.name} · ${formatMiB(totalMiB)}`;
  return gpu.name;
}

/** The commit shortened to 10 characters, as git does in logs. */
export function shortCommit(build: BuildInfo): string {
  return build.llamaCppCommit.slice(0, 10);
}

export interface BackendOption {
  value: LoadSettings['backend'];
  label: string;
  /** present on disk but not executable: shown, not selectable */
  disabled: boolean;
  /** the saved choice is not on disk (any more) */
  missing: boolean;
}

/**
 * 'auto' first, then the discovered backends in auto-priority order. A saved
 * choice that is not on disk stays listed (marked) so the form never silently
 * changes what the user picked.
 */
export function backendOptions(
  backends: readonly BackendInfo[] | null,
  current: LoadSettings['backend'],
): BackendOption[] {
  const options: BackendOption[] = [{ value: 'auto', label: 'auto', disabled: false, missing: false }];
  for (const kind of BACKEND_KINDS) {
    const found = backends?.find((backend) => backend.kind === kind);
    if (found) options.push({ value: kind, label: backendLabel(kind), disabled: !found.executable, missing: false });
    else if (kind === current)
      options.push({ value: kind, label: backendLabel(kind), disabled: false, missing: backends !== null });
  }
  return options;
}

/**
 * Why the estimate chose its layer count, in the UI's language; the core's English where it sent no code (an older
 * core).
 */
export function estimateReasonText(t: Translate, estimate: GpuLayerEstimate): string {
  const why = estimate.why;
  if (!why) return estimate.reason;
  switch (why.code) {
    case 'cpu':
      return t('load.estimateWhy.cpu');
    case 'override':
      return t('load.estimateWhy.override');
    case 'override_capped':
      return t('load.estimateWhy.overrideCapped', { wanted: why.wanted, max: estimate.maxLayers });
    case 'vram_unknown':
      return t('load.estimateWhy.vramUnknown', { weights: why.weightsMiB });
    case 'fits': {
      const vars = {
        weights: why.weightsMiB,
        percent: why.percent,
        gpuMiB: why.gpuMiB,
        gpu: why.gpu,
        kv: why.kvMiB ?? 0,
        context: formatCount(why.context ?? 0),
      };
      if (why.kvMiB !== undefined)
        return t(why.freeKnown ? 'load.estimateWhy.fitsKv' : 'load.estimateWhy.fitsKvTotal', vars);
      return t(why.freeKnown ? 'load.estimateWhy.fits' : 'load.estimateWhy.fitsTotal', vars);
    }
    case 'partial': {
      const vars = {
        weights: why.weightsMiB,
        percent: why.percent,
        gpuMiB: why.gpuMiB,
        gpu: why.gpu,
        perLayer: why.perLayerMiB,
        reserve: why.reserveMiB,
        kv: why.kvMiB ?? 0,
        context: formatCount(why.context ?? 0),
      };
      if (why.kvMiB !== undefined)
        return t(why.freeKnown ? 'load.estimateWhy.partialKv' : 'load.estimateWhy.partialKvTotal', vars);
      return t(why.freeKnown ? 'load.estimateWhy.partial' : 'load.estimateWhy.partialTotal', vars);
    }
  }
}

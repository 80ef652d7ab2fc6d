// What llama-server actually did with the model, read from its own load log:
// layers offloaded, the buffers it allocated on each device (weights, KV cache,
// compute) and the context it could give each sequence. Shown beside EVA's
// estimate, so a user sees how close the estimate was.

import type { BackendKind, LoadReport, ServerFitReport } from '@shared/contract';

export type { LoadBuffer, LoadReport } from '@shared/contract';

const OFFLOADED = /offloaded (\d+)\/(\d+) layers to GPU/;
// "<function>: <buffer name> <what> buffer size = <MiB> MiB", whichever function printed it.
const BUFFER = /\w+:\s+(\S+) (model|KV|compute) buffer size =\s+([\d.]+) MiB/;
const N_CTX = /llama_context: n_ctx\s+=\s+(\d+)/;
const N_CTX_SEQ = /llama_context: n_ctx_seq\s+=\s+(\d+)/;
// llama-server's --fit step (common/fit.cpp), printed before it loads the model.
const FIT_PROJECTED = /common_params_fit_impl: projected to use (\d+) MiB of (host|device) memory vs\. (\d+) MiB of/;
const FIT_VERDICT =
  /common_params_fit_impl: (?:will leave .*?, (no changes needed)|(context size reduced from \d+ to \d+)|cannot meet free memory target of \d+ MiB, (need to reduce device memory by \d+ MiB))|failed to fit params to free device memory: (.+?)(?:, abort)?$/;

/**
 * Host memory as llama.cpp names its buffers and devices: the CPU's own, the mapped file, the CPU's repacked and
 * matrix-unit (AMX) copies, and a GPU's pinned CUDA_Host, Vulkan_Host, …; anything else is a GPU or an RPC worker's
 * device.
 */
export function isHostMemory(device: string): boolean {
  return /^(?:CPU|AMX)(?:_|$)|_Host$/.test(device);
}

/**
 * A GPU build that was asked for GPU layers but put none on a device: it found no usable GPU and runs on
 * the CPU under the GPU's name (a Vulkan build sees no device but Mesa's software one, which ggml-vulkan
 * leaves out; a CUDA build whose driver is missing), without the CPU backend's own settings.
 */
export function ranWithoutGpu(backend: BackendKind, gpuLayers: number, report: LoadReport): boolean {
  if (backend === 'cpu' || gpuLayers <= 0 || (report.offloaded?.layers ?? 0) > 0) return false;
  return report.buffers.length > 0 && report.buffers.every((buffer) => isHostMemory(buffer.device));
}

/** Reads the lines of one start; later lines win (a retry prints its own). */
export function readLoadReport(lines: readonly string[]): LoadReport {
  const report: LoadReport = { offloaded: null, buffers: [], nCtx: null, nCtxSeq: null, serverFit: null };
  for (const raw of lines) {
    const line = raw.trim();
    const offloaded = OFFLOADED.exec(line);
    if (offloaded) report.offloaded = { layers: Number(offloaded[1]), of: Number(offloaded[2]) };
    const buffer = BUFFER.exec(line);
    if (buffer) {
      const kind = buffer[2] === 'KV' ? 'kv' : (buffer[2] as 'model' | 'compute');
      report.buffers.push({ device: buffer[1] as string, kind, mib: Math.round(Number(buffer[3]) * 100) / 100 });
    }
    const ctx = N_CTX.exec(line);
    if (ctx) report.nCtx = Number(ctx[1]);
    const seq = N_CTX_SEQ.exec(line);
    if (seq) report.nCtxSeq = Number(seq[1]);
    report.serverFit = readServerFit(line, report.serverFit);
  }
  // A build with the RPC backend in it counts as able to offload even with no device but the CPU, and then
  // says "offloaded 3/3 layers to GPU" of layers that all stayed on the CPU: no weights off the host, no offload.
  if (
    report.offloaded &&
    report.offloaded.layers > 0 &&
    report.buffers.length > 0 &&
    !report.buffers.some((b) => b.kind === 'model' && !isHostMemory(b.device))
  )
    report.offloaded = null;
  return report;
}

function readServerFit(line: string, fit: ServerFitReport | null): ServerFitReport | null {
  const projected = FIT_PROJECTED.exec(line);
  if (projected)
    return {
      projectedMiB: Number(projected[1]),
      memory: projected[2] as 'host' | 'device',
      ofMiB: Number(projected[3]),
      verdict: fit?.verdict ?? null,
    };
  const verdict = FIT_VERDICT.exec(line);
  // Its conclusions in order: "need to reduce device memory by 30431 MiB; n_gpu_layers already set by user to 99".
  const said = verdict ? (verdict[1] ?? verdict[2] ?? verdict[3] ?? verdict[4] ?? null) : null;
  if (said && fit) return { ...fit, verdict: fit.verdict ? `${fit.verdict}; ${said}` : said };
  return fit;
}

/**
 * "llama-server's own fit projected 2934 of 24105 MiB of host memory: no changes needed" — beside EVA's estimate in the
 * model log.
 */
export function describeServerFit(fit: ServerFitReport | null): string {
  if (!fit) return "llama-server's own fit (--fit) did not run or said nothing";
  const of = fit.memory === 'host' ? 'host memory' : 'free device memory';
  return `llama-server's own fit projected ${fit.projectedMiB} of ${fit.ofMiB} MiB of ${of}${fit.verdict ? `: ${fit.verdict}` : ''}`;
}

/** "CUDA0: model 3,993 MiB, KV 512 MiB, compute 296 MiB; CPU_Mapped: model 70 MiB" — for the model log. */
export function describeLoadReport(report: LoadReport): string {
  const byDevice = new Map<string, string[]>();
  for (const buffer of report.buffers)
    byDevice.set(buffer.device, [
      ...(byDevice.get(buffer.device) ?? []),
      `${buffer.kind === 'kv' ? 'KV' : buffer.kind} ${Math.round(buffer.mib)} MiB`,
    ]);
  const devices = [...byDevice].map(([device, parts]) => `${device}: ${parts.join(', ')}`).join('; ');
  const layers = report.offloaded
    ? `${report.offloaded.layers}/${report.offloaded.of} layers on the GPU`
    : 'no layer on a GPU';
  const context =
    report.nCtx !== null
      ? `, context ${report.nCtx}${report.nCtxSeq !== null && report.nCtxSeq !== report.nCtx ? ` (${report.nCtxSeq} a sequence)` : ''}`
      : '';
  return `llama-server put ${layers}${context}${devices ? `; ${devices}` : ''}`;
}

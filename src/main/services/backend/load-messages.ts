// What a load tells the user in its notices and the model log: who can reach
// the server, a GPU probe that failed, how the started server's offload compares
// with EVA's estimate, and why a model did not start when the one loaded before
// was started again (in English for the log, and in parts the page words itself).
import { basename } from 'node:path';
import type { BackendKind, FitPoint, GpuLayerEstimate, LoadSettings, ModelFacts, Notice } from '@shared/contract';
import { AppFailure, type AppError } from '@shared/errors';
import { describeExit, type ExitInfo } from '../process/exit-record';
import { rpcExposures, rpcExposureWarnings } from '@shared/rpc/rpc-exposure';
import type { StatusNotice } from '@shared/backend/status-notices';
import { readStartFailure, startFailureValues, type StartFailure } from '@shared/backend/start-failure';
import { backendLabel, fallbackNotice } from './backend-choice';
import { describeLoadReport, describeServerFit, type LoadReport } from './fit/load-report';

/** The notices a load starts with: a server open to the network, RPC workers that are. */
export function exposureNotices(
  settings: Pick<LoadSettings, 'exposeOnNetwork' | 'rpc'>,
  userKey: string,
): StatusNotice[] {
  const notices: StatusNotice[] = settings.exposeOnNetwork
    ? [
        {
          code: userKey ? 'server_exposed_with_key' : 'server_exposed_no_key',
          text: `llama-server is reachable from the network on 0.0.0.0${userKey ? ' for clients sending your API key' : ', but no client can use it without an API key'}`,
        },
      ]
    : [];
  const warnings = rpcExposureWarnings(settings.rpc);
  rpcExposures(settings.rpc).forEach((exposure, index) => {
    const text = warnings[index] ?? '';
    notices.push(
      exposure.kind === 'local'
        ? { code: 'rpc_local_exposed', vars: { workers: exposure.workers }, text }
        : {
            code: 'rpc_remote_exposed',
            vars: { endpoint: exposure.endpoint, host: exposure.host, port: exposure.port },
            text,
          },
    );
  });
  return notices;
}

/** The notice of a GPU probe that failed: its own words, which the page quotes as they are. */
export function gpuProbeNotice(probeError: string): StatusNotice {
  return { code: 'gpu_probe_failed', vars: { error: probeError }, text: `GPU probe failed: ${probeError}` };
}

/**
 * The model log's line for a started server: what it did beside what EVA estimated (and beside llama-server's own fit).
 */
export function describeStartedLoad(report: LoadReport, estimate: GpuLayerEstimate, model: ModelFacts): string {
  const kv =
    (model.kvBytesPerToken ?? 0) > 0 && report.nCtx !== null
      ? `, KV cache ${Math.round(((model.kvBytesPerToken ?? 0) * report.nCtx) / 2 ** 20)} MiB`
      : '';
  return `${describeLoadReport(report)} (EVA's estimate: ${estimate.gpuLayers} of ${estimate.maxLayers} layers, ${estimate.reason}${kv}); ${describeServerFit(report.serverFit)}`;
}

// llama.cpp's own reason for a model it could not load: "llama_model_load: error loading model: tensor '…' data is
// not within the file bounds, …" (the lines around it only say "failed to load model").
const MODEL_LOAD_REASON = /\berror loading model: (.+)$/;

/** The most telling line a failed start printed, without its log prefix; null when none says more than the error. */
export function startFailureReason(startLines: readonly string[]): string | null {
  for (let i = startLines.length - 1; i >= 0; i--) {
    const reason = MODEL_LOAD_REASON.exec(startLines[i]!.trim())?.[1];
    if (reason) return reason.trim();
  }
  return null;
}

/** A failed start: its own output lines and how llama-server ended (null: it had not ended yet). */
export interface FailedStartOutput {
  lines: readonly string[];
  exit: ExitInfo | null;
}

/**
 * Why a start failed, in parts: llama.cpp's reason (else the fatal line that ended the start, which the start's error
 * carries as `serverSaid`) and llama-server's exit.
 */
export function startFailureOf(error: AppError, failedStart: FailedStartOutput | null): StartFailure {
  const fatalLine = error.details?.serverSaid;
  const serverSaid = startFailureReason(failedStart?.lines ?? []) ?? (typeof fatalLine === 'string' ? fatalLine : null);
  const exit = failedStart?.exit;
  return {
    code: error.code,
    ...(serverSaid ? { serverSaid } : {}),
    ...(exit && !exit.spawnError && exit.code !== null ? { exitCode: exit.code } : {}),
    ...(exit && !exit.spawnError && exit.code === null && exit.signal ? { exitSignal: exit.signal } : {}),
  };
}

/**
 * The error of a load whose model did not start, after the model loaded before was started again: the code of the
 * failure, a message naming why (llama-server's own reason and its exit) and which model answers now, and the same in
 * parts for the page (startFailureOf).
 */
export function failureWithRestore(
  error: AppError,
  modelPath: string,
  failedStart: FailedStartOutput | null,
  restored: ModelFacts,
): AppFailure {
  const reason = startFailureReason(failedStart?.lines ?? []);
  const exitText = failedStart?.exit ? describeExit(failedStart.exit) : null;
  const exit = exitText && !error.message.includes(exitText) ? `llama-server ${exitText}` : null;
  const why = reason ? `${reason} (${exit ?? error.message})` : exit ? `${error.message} (${exit})` : error.message;
  return new AppFailure(
    error.code,
    `${basename(modelPath)} did not start: ${why}; ${restored.name}, the model loaded before, is running again`,
    {
      ...error.details,
      path: modelPath,
      restoredModel: restored.name,
      restoredPath: restored.path,
      ...startFailureValues(startFailureOf(error, failedStart)),
    },
  );
}

/** The error of a load whose model did not start, when the model loaded before did not start again either. */
export function restoreFailed(error: AppError, restored: ModelFacts, why: string): AppError {
  return {
    ...error,
    message: `${error.message}; ${restored.name}, the model loaded before, did not start again either: ${why}`,
    details: { ...error.details, restoreFailedModel: restored.name, restoreFailedWhy: why },
  };
}

/** The status's notice for a failed load after which the model loaded before runs again: why, in parts. */
export function restoredNotice(failure: AppFailure): StatusNotice {
  const details = failure.details ?? {};
  const why = readStartFailure(details) ?? { code: failure.code };
  const vars = { model: basename(String(details.path)), restored: String(details.restoredModel) };
  return { code: 'model_restored', vars: { ...vars, ...startFailureValues(why) }, text: failure.message };
}

/** The cause of a GPU backend given up because it ran on the CPU after all. */
const NO_USABLE_GPU = 'no usable GPU';

/** The notice of a GPU backend that found no usable GPU and put no layer on one, so `next` is tried. */
export function noGpuFallback(from: BackendKind, next: BackendKind): Notice {
  const message = fallbackNotice(from, 'it found no usable GPU and put no layer on one', next);
  return { level: 'warning', code: 'backend_fallback', message, details: { from, to: next, cause: NO_USABLE_GPU } };
}

/** A load's retry notice (failed-start-step.ts, noGpuFallback) as the status carries it, with its code and values. */
export function statusNoticeOf(notice: Notice): StatusNotice {
  const details = notice.details ?? {};
  const text = notice.message;
  if (notice.code === 'backend_fit') {
    const from = details.from as FitPoint;
    const to = details.to as FitPoint;
    const device = String(details.device);
    const vars = { device, fromLayers: from.gpuLayers, toLayers: to.gpuLayers, fromContext: from.contextSize };
    return { code: 'backend_fit', vars: { ...vars, toContext: to.contextSize }, text };
  }
  if (notice.code === 'backend_no_repack')
    return { code: 'backend_no_repack', vars: { signal: String(details.signal) }, text };
  const labels = { from: backendLabel(details.from as BackendKind), to: backendLabel(details.to as BackendKind) };
  const cause = readStartFailure(details);
  return details.cause === NO_USABLE_GPU
    ? { code: 'backend_fallback_no_gpu', vars: labels, text }
    : {
        code: 'backend_fallback',
        vars: { ...labels, reason: String(details.cause), ...(cause ? startFailureValues(cause) : {}) },
        text,
      };
}

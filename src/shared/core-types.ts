// What the core reports about itself: the model's facts, GPUs and backends, the
// server status, log lines, notices, server props and app info. Part of the
// contract (contract.ts re-exports it); kept apart so each file has one job.
import { z } from 'zod';
import type { StreamingMessage } from './chat/types';
import type { BackendKind } from './settings-schemas';

/** Facts read from a GGUF header. */
export interface ModelFacts {
  path: string;
  name: string;
  architecture: string;
  nLayer: number;
  contextLength: number;
  embeddingLength: number;
  fileSize: number;
  mmprojSize: number;
  hasChatTemplate: boolean;
  /** KV cache bytes per token of context at f16 (0: the header does not say); absent from an older core */
  kvBytesPerToken?: number;
}

/**
 * Why the estimate chose its layer count, as a code and the numbers behind it (the UI words it; `reason` is the English
 * for logs).
 */
export type GpuEstimateWhy =
  | { code: 'cpu' }
  | { code: 'override'; wanted: number }
  | { code: 'override_capped'; wanted: number }
  | { code: 'vram_unknown'; weightsMiB: number }
  | ({ code: 'fits'; weightsMiB: number; gpuMiB: number; gpu: string; freeKnown: boolean; percent: number } & KvShare)
  | ({
      code: 'partial';
      weightsMiB: number;
      gpuMiB: number;
      gpu: string;
      freeKnown: boolean;
      percent: number;
      perLayerMiB: number;
      reserveMiB: number;
    } & KvShare);

/** The KV cache the estimate counted for the chosen context (absent when the model's header does not give its size). */
export interface KvShare {
  kvMiB?: number;
  context?: number;
}

/** How many layers go to the GPU, and why. */
export interface GpuLayerEstimate {
  gpuLayers: number;
  maxLayers: number;
  /** the reason in English (logs, CLI) */
  reason: string;
  /** the reason as data, for the UI's words; absent from an older core */
  why?: GpuEstimateWhy;
}

/** One GPU as reported by a probe tool. */
export interface GpuInfo {
  name: string;
  totalMiB: number | null;
  freeMiB: number | null;
  source: 'nvidia-smi' | 'vulkaninfo' | 'clinfo' | 'list-devices';
}

/** `bin/<backend>/build.json`, written by `npm run backend:build`. */
export interface BuildInfo {
  backend: BackendKind;
  llamaCppCommit: string;
  source: string;
  cmakeFlags: string[];
  builtAt: string;
}

/** A backend binary found on disk. */
export interface BackendInfo {
  kind: BackendKind;
  serverPath: string;
  executable: boolean;
  build: BuildInfo | null;
  /** llama-tts beside the server (the same build.json), or null when that bin/ has none; absent from an older core */
  ttsPath?: string | null;
}

export const BackendStateSchema = z.enum(['stopped', 'starting', 'ready', 'stopping', 'error']);
export type BackendState = z.infer<typeof BackendStateSchema>;

/** What the status bar shows; pushed as `backend:state` on every change. */
export interface BackendStatus {
  state: BackendState;
  /** epoch ms when this state began */
  since: number;
  backend: BackendKind | null;
  model: ModelFacts | null;
  host: string | null;
  port: number | null;
  gpuLayers: number | null;
  estimate: GpuLayerEstimate | null;
  pid: number | null;
  /** load-to-ready time of the last successful start */
  loadMs: number | null;
  restarts: number;
  /** user-facing notes about this run: fallback backend, port changed, exposed on network */
  notices: string[];
  /** each of `notices` as a code and its values, index for index, for the page to word; absent from an older core */
  noticeCodes?: import('./backend/status-notices').StatusNoticeCodeEntry[];
  error: import('./errors').AppError | null;
  /**
   * what llama-server did with the model after the last successful load, and what EVA changed to make it fit; absent
   * from an older core
   */
  fit?: LoadFit | null;
  /** the llama.cpp RPC workers of this run, in `--rpc` order; absent or empty without RPC */
  rpcWorkers?: RpcWorkerStatus[];
}

/** One device an RPC worker serves, and its memory as last reported. */
export interface RpcWorkerDevice {
  /** as ggml names it: CPU, CUDA0, Vulkan0, … */
  name: string;
  description: string;
  totalMiB: number | null;
  freeMiB: number | null;
}

/** One llama.cpp RPC worker (ggml-rpc-server) llama-server computes on. */
export interface RpcWorkerStatus {
  /** host:port, as passed to `--rpc` */
  endpoint: string;
  /** local: EVA started it and stops it; remote: someone started it elsewhere */
  origin: 'local' | 'remote';
  /** lost: it stopped (or stopped answering) while in use */
  state: 'starting' | 'ready' | 'lost' | 'stopped';
  pid: number | null;
  devices: RpcWorkerDevice[];
  /** MiB of model weights llama-server put on it at the last load, null before one */
  modelMiB: number | null;
}

/** One buffer llama-server allocated while loading. */
export interface LoadBuffer {
  /** as llama.cpp names it: CPU, CPU_Mapped, CUDA0, Vulkan0, … */
  device: string;
  kind: 'model' | 'kv' | 'compute';
  mib: number;
}

/** What llama-server's own --fit step projected before loading (it sizes only what EVA left unset). */
export interface ServerFitReport {
  /** MiB it projected to use, and of how much memory ('host': total RAM; 'device': free VRAM) */
  projectedMiB: number;
  ofMiB: number;
  memory: 'host' | 'device';
  /**
   * its conclusion in its own words: "no changes needed", "context size reduced from 32768 to 16384", or why it did not
   * fit
   */
  verdict: string | null;
}

/** What llama-server actually did with the model, read from its load log. */
export interface LoadReport {
  /** layers put on a GPU and the model's total, when the server said (a CPU-only build does not) */
  offloaded: { layers: number; of: number } | null;
  buffers: LoadBuffer[];
  /** the context it allocated (n_ctx), and per sequence when that differs */
  nCtx: number | null;
  nCtxSeq: number | null;
  serverFit: ServerFitReport | null;
}

/** The launch figures a retry after running out of memory changes. */
export interface FitPoint {
  gpuLayers: number;
  /** -c; 0: the model's trained context */
  contextSize: number;
}

/** One change EVA made because a load ran out of memory. */
export interface FitChange {
  from: FitPoint;
  to: FitPoint;
  /** the device that ran out ('CPU', 'CUDA0', …) and what it was allocating */
  device: string;
  buffer: 'model' | 'kv' | 'compute' | null;
  /** the whole change in English, for the log and the status bar's tooltip */
  text: string;
}

export interface LoadFit {
  report: LoadReport;
  /** what the user asked for, and what runs */
  requested: FitPoint;
  running: FitPoint;
  /** the retries of this load, oldest first */
  changes: FitChange[];
  /** the start began from what fit last time for this model, device and settings */
  remembered: boolean;
}

/** One line of the model log. */
export interface LogLine {
  seq: number;
  time: number;
  stream: 'stdout' | 'stderr' | 'app';
  text: string;
}

/** A message for the user that is not tied to one call. */
export interface Notice {
  level: 'info' | 'warning' | 'error';
  code: string;
  /** in English (logs, CLI); the UI words a known code itself from `details` */
  message: string;
  details?: Record<string, unknown>;
}

/** What the managed llama-server says about itself (`/props`, `/v1/models`). */
export interface ServerProps {
  model: string;
  nCtx: number;
  chatTemplate: string;
  supportsTools: boolean;
  vision: boolean;
  audio: boolean;
}

/** A finished (or stopped, or failed) answer: the stream state without reducer bookkeeping. */
export type ChatResult = Omit<StreamingMessage, 'internal'> & { requestId: string; elapsedMs: number };

export interface AppInfo {
  version: string;
  host: 'electron' | 'browser';
  platform: string;
  dataDir: string;
  systemLanguage: string;
  /** true when a native file picker exists (Electron) */
  canPickFiles: boolean;
}

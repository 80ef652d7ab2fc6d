// The llama-server command line for one launch, and the key that says whether
// a new load needs a restart. Flags are checked against the llama.cpp we build
// (common/arg.cpp); where that version changed a default or renamed a flag the
// reason is noted beside it.
import type { BackendKind, LoadSettings } from '@shared/contract';
import { csvValue } from './csv-value';
import { speculativeOptions } from './speculative-args';
import { userKeyFingerprint } from './server-key';

/** Everything one launch's argv depends on. */
export interface ServerArgsInput {
  settings: LoadSettings;
  backend: BackendKind;
  host: string;
  port: number;
  /** from the GPU layer estimate; ignored for the cpu backend */
  gpuLayers: number;
  /** where slots are saved for the conversation cache; used on loopback only */
  slotSavePath?: string;
  /** host:port of the RPC workers this launch computes on (rpc/rpc-worker-set.ts); none without RPC */
  rpcEndpoints?: readonly string[];
}

/** What decides whether a running server can be kept: the launch minus the port actually chosen. */
export interface LaunchKeyInput {
  settings: LoadSettings;
  backend: BackendKind;
  host: string;
  gpuLayers: number;
  /** the user's key for network clients ('' for none); only its fingerprint enters the key */
  userKey: string;
  slotSavePath?: string;
}

/** Stands for "any free port" in a launch key; never a valid port, so it cannot collide with one. */
const ANY_PORT = 0;

/** A CORS origin no browser page can have (RFC 2606 reserves `.invalid`). */
export const NO_BROWSER_ORIGIN = 'https://eva-desktop.invalid';

/** The llama-server argv (without the binary) for these settings. */
export function buildServerArgs(input: ServerArgsInput): string[] {
  const { settings, backend } = input;
  const args = new ArgList();

  args.add('-m', settings.modelPath);
  args.add('--host', input.host);
  args.add('--port', String(input.port));
  // 0 means "the model's trained context", which is also llama-server's default.
  if (settings.contextSize > 0) args.add('-c', String(settings.contextSize));
  // A CPU-only build prints three "no usable GPU found" warnings for any -ngl, even 0,
  // and ignores the value; leaving it out keeps the log honest.
  const rpc = input.rpcEndpoints ?? [];
  if (rpc.length > 0) {
    // The workers' devices are what -ngl offloads to. EVA's estimate knows only this machine's GPUs, so
    // "auto" puts every layer on the devices (llama.cpp splits them by each device's free memory).
    args.add('--rpc', rpc.join(','));
    args.add('-ngl', settings.gpuLayers === 'auto' ? 'all' : String(settings.gpuLayers));
  } else if (backend !== 'cpu') args.add('-ngl', String(Math.max(0, Math.trunc(input.gpuLayers))));
  if (settings.threads > 0) args.add('--threads', String(settings.threads));
  args.add('-b', String(settings.batchSize));
  args.add('--parallel', String(settings.parallel));
  // Jinja is on by default in this llama.cpp, so "off" has to be said.
  args.add(settings.jinja ? '--jinja' : '--no-jinja');
  args.add('--reasoning-format', settings.reasoningFormat);
  if (settings.loraPath) args.add('--lora', csvValue(settings.loraPath));
  if (settings.mmprojPath) args.add('--mmproj', settings.mmprojPath);
  for (const [option, value] of speculativeOptions(settings.speculative)) args.add(`--${option}`, value);
  args.add('-fa', flashAttentionFor(settings.flashAttention, backend, rpc.length > 0));
  const loadMode = loadModeFor(settings);
  if (loadMode) args.add('--load-mode', loadMode);
  // The Model info page reads /slots (each slot's context use) over loopback with the
  // launch secret. The answer also carries every slot's prompt and reply, so a server
  // exposed to the network keeps it off: one client holding the user's key must not
  // read another's conversation. For the same reason only a loopback server gets a
  // --slot-save-path (the conversation cache, slot-cache/): exposed, it writes no slot files.
  args.add(input.host === '127.0.0.1' ? '--slots' : '--no-slots');
  if (input.host === '127.0.0.1' && input.slotSavePath) args.add('--slot-save-path', input.slotSavePath);
  if (settings.metrics) args.add('--metrics');
  // The load lines that say what the server did (layers offloaded, each device's model, KV
  // and compute buffers, the context allocated; fit/load-report.ts) are printed at 4 (trace) in
  // this llama.cpp. It adds about 30 lines a request to the model log, none per token.
  args.add('--log-verbosity', '4');
  // EVA's own requests come from Node, which CORS does not concern; on loopback no
  // web page needs to read an answer, so no browser origin is allowed (a `.invalid`
  // name never matches one). Exposed on the network, browser clients holding the
  // user's key may call it, as llama.cpp's default allows.
  if (input.host === '127.0.0.1') args.add('--cors-origins', NO_BROWSER_ORIGIN);
  // The API key is never an argument: see server-key.ts.
  return args.toArray();
}

/**
 * "auto" is off on the CPU backend: there llama.cpp's flash-attention kernel takes the
 * queries one by one, and with a long conversation in the cache it read a 46-token
 * follow-up question 15× slower (134 against 9 ms a token at 3,100 tokens of context,
 * the 16-layer test model on this 2-core machine) and decoded 1.9× slower (136 against
 * 72 ms a token); at a short context both ran at the same speed.
 * It is off with RPC workers too: llama.cpp's RPC devices answer "supported" for every
 * operation without asking the worker, so its automatic choice turns flash attention on
 * whatever the worker can run. Seen on an H200: a CUDA ggml-rpc-server aborted at the
 * warm-up ("fattn.cu: fatal error": no CUDA kernel for the test model's head size of 16),
 * taking llama-server with it; with `-fa off` the same pair answered. Elsewhere llama.cpp
 * decides, since it asks the local devices themselves; "on" is always kept.
 */
export function flashAttentionFor(
  choice: LoadSettings['flashAttention'],
  backend: BackendKind,
  rpcWorkers = false,
): LoadSettings['flashAttention'] {
  return choice === 'auto' && (backend === 'cpu' || rpcWorkers) ? 'off' : choice;
}

/**
 * `--mlock` and `--no-mmap` no longer exist in this llama.cpp (it answers
 * "error: invalid argument: --mlock"); both became `--load-mode`. A LoRA adapter
 * turns mmap off, as the issue asks. null keeps llama.cpp's `auto` (mmap where
 * the device supports it).
 */
export function loadModeFor(
  settings: Pick<LoadSettings, 'mlock' | 'noMmap' | 'loraPath'>,
): 'none' | 'mlock' | 'mmap+mlock' | null {
  const mmap = !settings.noMmap && !settings.loraPath;
  if (settings.mlock) return mmap ? 'mmap+mlock' : 'mlock';
  return mmap ? null : 'none';
}

/** A stable key for an argv built by `buildServerArgs`; JSON keeps "a b" and ["a", "b"] apart. */
export function effectiveArgsKey(args: readonly string[]): string {
  return JSON.stringify(args);
}

/**
 * The key to compare a new load with the running one. It is built from the
 * requested port (settings.port), not the port chosen for the run, so loading
 * the same settings again does not restart a server that got a free port.
 */
export function launchKey(input: LaunchKeyInput): string {
  const args = buildServerArgs({ ...input, port: input.settings.port ?? ANY_PORT });
  // Local workers get their ports per run, so the key holds the RPC setting, not the endpoints.
  const rpc = input.settings.rpc.mode === 'off' ? [] : [`rpc=${JSON.stringify(input.settings.rpc)}`];
  return effectiveArgsKey([
    `backend=${input.backend}`,
    `userKey=${userKeyFingerprint(input.userKey)}`,
    ...rpc,
    ...args,
  ]);
}

/** The argv with `flag`'s value replaced (a run started again on another port or other RPC workers). */
export function withArgValue(args: readonly string[], flag: string, value: string): string[] {
  const at = args.indexOf(flag);
  return at < 0 || at + 1 >= args.length ? [...args] : [...args.slice(0, at + 1), value, ...args.slice(at + 2)];
}

/** An argv that refuses a flag twice, so a policy slip shows up in tests rather than as llama.cpp's last-one-wins. */
class ArgList {
  private readonly args: string[] = [];
  private readonly seen = new Set<string>();

  add(flag: string, value?: string): void {
    if (this.seen.has(flag)) throw new Error(`server-args: ${flag} added twice`);
    this.seen.add(flag);
    this.args.push(flag);
    if (value !== undefined) this.args.push(value);
  }

  toArray(): string[] {
    return [...this.args];
  }
}

// The llama-server command line for one launch, and the key that says whether
// a new load needs a restart. Flags are checked against the llama.cpp we build
// (common/arg.cpp); where that version changed a default or renamed a flag the
// reason is noted beside it.
import { join } from 'node:path';
import type { BackendKind, LoadSettings } from '../../../shared/contract';

/** Everything one launch's argv depends on. */
export interface ServerArgsInput {
  settings: LoadSettings;
  backend: BackendKind;
  host: string;
  port: number;
  /** from the GPU layer estimate; ignored for the cpu backend */
  gpuLayers: number;
  /** slot saves go to `<dataDir>/slots`, which must exist before launch */
  dataDir: string;
}

/** What decides whether a running server can be kept: the launch minus the port actually chosen. */
export interface LaunchKeyInput {
  settings: LoadSettings;
  backend: BackendKind;
  host: string;
  gpuLayers: number;
  /** constant for one app run, so optional */
  dataDir?: string;
}

/** Stands for "any free port" in a launch key; never a valid port, so it cannot collide with one. */
const ANY_PORT = 0;

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
  if (backend !== 'cpu') args.add('-ngl', String(Math.max(0, Math.trunc(input.gpuLayers))));
  if (settings.threads > 0) args.add('--threads', String(settings.threads));
  args.add('-b', String(settings.batchSize));
  args.add('--parallel', String(settings.parallel));
  // Jinja is on by default in this llama.cpp, so "off" has to be said.
  args.add(settings.jinja ? '--jinja' : '--no-jinja');
  args.add('--reasoning-format', settings.reasoningFormat);
  if (settings.loraPath) args.add('--lora', csvValue(settings.loraPath));
  if (settings.mmprojPath) args.add('--mmproj', settings.mmprojPath);
  args.add('-fa', settings.flashAttention);
  const loadMode = loadModeFor(settings);
  if (loadMode) args.add('--load-mode', loadMode);
  // The slots endpoint is on by default in this llama.cpp, so "off" has to be said.
  if (settings.slots) {
    args.add('--slots');
    args.add('--slot-save-path', join(input.dataDir, 'slots'));
  } else {
    args.add('--no-slots');
  }
  if (settings.metrics) args.add('--metrics');
  if (settings.apiKey) args.add('--api-key', csvValue(settings.apiKey));
  return args.toArray();
}

/**
 * `--mlock` and `--no-mmap` no longer exist in this llama.cpp (it answers
 * "error: invalid argument: --mlock"); both became `--load-mode`. A LoRA adapter
 * turns mmap off, as the issue asks. null keeps llama.cpp's `auto` (mmap where
 * the device supports it).
 */
export function loadModeFor(settings: Pick<LoadSettings, 'mlock' | 'noMmap' | 'loraPath'>): 'none' | 'mlock' | 'mmap+mlock' | null {
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
  const args = buildServerArgs({ ...input, port: input.settings.port ?? ANY_PORT, dataDir: input.dataDir ?? '' });
  return effectiveArgsKey([`backend=${input.backend}`, ...args]);
}

/** The argv with secrets masked, for logs and error details. */
export function redactArgs(args: readonly string[]): string[] {
  return args.map((arg, index) => (index > 0 && args[index - 1] === '--api-key' ? '***' : arg));
}

/**
 * `--lora` and `--api-key` are split on commas by llama.cpp (several adapters or
 * keys in one value). Quote a single value that holds a comma, or starts with a
 * quote, so it stays one value; `"` inside is doubled, as llama.cpp's parser expects.
 */
export function csvValue(value: string): string {
  if (!value.includes(',') && !value.startsWith('"')) return value;
  return `"${value.replaceAll('"', '""')}"`;
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

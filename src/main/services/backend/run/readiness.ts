// Reads one line of llama-server output and says whether it means "ready" or
// "this launch is going to fail". The patterns come from the llama.cpp we build
// (tools/server, common/arg.cpp, ggml backends) plus the wording of older
// releases. A false "fatal" would fail a healthy launch, so a line counts as
// fatal only when it names a failure llama-server does not recover from; the
// word "error" alone is not enough.

export type ServerLineKind = { kind: 'listening'; url: string } | { kind: 'fatal'; message: string } | { kind: 'info' };

const INFO: ServerLineKind = { kind: 'info' };

// ANSI colours, from --log-colors.
// eslint-disable-next-line no-control-regex
const ANSI = /\x1b\[[0-9;]*m/g;
// The log prefix: "0.00.104.321 " (minutes.seconds.ms.µs) and the level letter.
const TIMESTAMPED = /^\s*\d+\.\d{2}\.\d{3}\.\d{3}\s+(?:[IWED]\s+)?/;
// Without timestamps the prefix is the level letter alone. Plain text can start the same way ("I think…");
// dropping that "I " is harmless because no fatal pattern is about such a sentence.
const BARE_LEVEL = /^[IWED] +(?=\S)/;
// The server's module tag; dropped so a fatal message reads "load_model: failed to load model, …".
const TAG = /^(?:srv|cmn|slot|que|res)\s+/;

/** Lines (without their log prefix) after which llama-server exits or the backend is unusable. */
const FATAL: readonly RegExp[] = [
  // Argument errors (common/arg.cpp): "error: invalid argument: --mlock", "error while handling argument \"-fa\": …",
  // "error: unknown argument: …" (older), "error: the supplied chat template is not supported: …"
  /^error(?::| while handling)/i,
  /\b(?:unknown|invalid) argument: /,
  // The dynamic loader could not start the binary at all.
  /error while loading shared libraries/,
  /^dyld(?:\[\d+\])?: (?:Library not loaded|Symbol not found)/,
  // HTTP (tools/server/server-http.cpp, server.cpp)
  /couldn't bind HTTP server socket/,
  /couldn't start HTTP listener/,
  /\blistener on \S+ stopped unexpectedly/,
  /failed to initialize HTTP server/,
  /exiting due to (?:HTTP server|model loading) error/,
  // Model, adapter and projector loading (llama_model_load, common_init_, clip, server load_model)
  /failed to open GGUF file/,
  /\berror loading model\b/,
  /\bfailed to load (?:model|lora adapter|multimodal model)\b/,
  /\bunable to load model\b/,
  /\bfailed to create[_ ]context\b/,
  /Failed to load CLIP model/,
  // GPU backends. A GPU build that finds no device carries on on the CPU; EVA treats that as a failed
  // start of that backend so it can fall back to the next one and say why.
  /failed to initialize (?:CUDA|ROCm|HIP|MUSA)\b/,
  /\b(?:CUDA|ROCm|HIP|MUSA) error\b/,
  /cudaMalloc failed: out of memory/,
  /ggml_vulkan: (?:No devices found|Error:|device lost|error )/,
  // Not "Failed to allocate pinned memory (… ErrorOutOfDeviceMemory)": a warning after which ggml-vulkan uses plain
  // host
  // memory and the load goes on (seen with Mesa's llvmpipe, whose host-visible heap is 2 GiB).
  /^(?!.*Failed to allocate pinned memory).*(?:ErrorOutOfDeviceMemory|ErrorDeviceLost|ErrorInitializationFailed)/,
  /ggml_opencl: (?:could find any OpenCL devices|platform IDs not available)/,
  // Aborts: ggml_abort prints "file:line: GGML_ASSERT(x) failed" or "file:line: fatal error"; C++ exceptions end in
  // terminate.
  /GGML_ASSERT\(.*\) failed/,
  /^\S+:\d+: fatal error$/,
  /^terminate called (?:after throwing|without an active exception)/,
];

/** What one line of llama-server output says about the launch. */
export function classifyServerLine(line: string): ServerLineKind {
  const text = stripPrefix(line);
  if (text === '') return INFO;
  const json = text.startsWith('{') ? parseJsonLog(text) : null;
  const message = (json?.msg ?? text).replace(TAG, '');

  if (FATAL.some((pattern) => pattern.test(message))) return { kind: 'fatal', message };

  const url = json ? urlFromJson(json) : null;
  if (url) return { kind: 'listening', url };
  const listening = listeningUrl(message);
  return listening ? { kind: 'listening', url: listening } : INFO;
}

function stripPrefix(line: string): string {
  const plain = line.replace(ANSI, '').trim();
  return TIMESTAMPED.test(plain) ? plain.replace(TIMESTAMPED, '').trim() : plain.replace(BARE_LEVEL, '');
}

/**
 * Current builds: "srv  llama_server: listening on http://127.0.0.1:8080" (after the model loaded).
 * 2024 builds: "main: server is listening on http://127.0.0.1:8080 - starting the main loop",
 * and, before loading, "main: HTTP server is listening, hostname: 127.0.0.1, port: 8080, http threads: 15".
 * Mid-2024 text logs: `INFO [main] HTTP server listening | hostname="127.0.0.1" port="8080" …`.
 * "listener on … stopped" and "couldn't start HTTP listener on …" must not match.
 */
function listeningUrl(message: string): string | null {
  const on = /\blistening on ((?:https?|unix):\/\/\S+?)[.,;]?(?:\s|$)/.exec(message);
  if (on?.[1]) return on[1];
  const hostPort = /HTTP server (?:is )?listening\b.*?\bhostname(?::\s*|=")([^",\s]+)"?,?\s+port(?::\s*|=")(\d+)/.exec(
    message,
  );
  if (hostPort?.[1] && hostPort[2]) return httpUrl(hostPort[1], hostPort[2]);
  return null;
}

interface JsonLog {
  msg?: string;
  hostname?: unknown;
  port?: unknown;
}

/**
 * llama-server's JSON logs: `--log-format json` in older builds ({"msg":"HTTP server listening","hostname":…}) and
 * jsonl ({"type":"log","msg":…}).
 */
function parseJsonLog(text: string): JsonLog | null {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null) return null;
    const record = value as Record<string, unknown>;
    return typeof record.msg === 'string'
      ? { msg: record.msg.trim(), hostname: record.hostname, port: record.port }
      : null;
  } catch {
    return null;
  }
}

function urlFromJson(json: JsonLog): string | null {
  if (!json.msg || !/HTTP server (?:is )?listening/.test(json.msg)) return null;
  const { hostname, port } = json;
  if (typeof hostname !== 'string' || (typeof port !== 'string' && typeof port !== 'number')) return null;
  return httpUrl(hostname, String(port));
}

function httpUrl(host: string, port: string): string {
  return `http://${host.includes(':') && !host.startsWith('[') ? `[${host}]` : host}:${port}`;
}

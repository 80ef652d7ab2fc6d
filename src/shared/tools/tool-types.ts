// The vocabulary every part of the tool system speaks: descriptors the model
// sees, the consent policy, calls parsed from model output and the results fed
// back. Plain data only, so it crosses IPC, workers and the WebSocket host.

/** What a tool can do to the user's machine; drives the default consent policy and the UI badge. */
export type ToolRisk = 'read' | 'write' | 'exec' | 'control' | 'network';

/** Per-tool consent policy the user sets in settings. */
export type ToolPolicy = 'allow' | 'ask' | 'deny';

/** A JSON Schema for a tool's `arguments` object (draft-07 subset that ajv and llama.cpp both accept). */
export type JsonSchema = Record<string, unknown>;

/** Everything the loop, the prompt and the UI need to know about one tool. */
export interface ToolDescriptor {
  /** built-ins: `read_file`; MCP tools: `service@tool` */
  name: string;
  description: string;
  /** JSON Schema of the arguments object */
  parameters: JsonSchema;
  risk: ToolRisk;
  defaultPolicy: ToolPolicy;
  /** ask every single time, whatever the policy or the per-conversation list says (controller) */
  alwaysAsk?: boolean;
  /** offered to the model unless the user turns it on explicitly */
  enabledByDefault: boolean;
  source: 'builtin' | 'mcp';
  /** calling it ends the loop with its `content` (answer) */
  final?: boolean;
  /** other names the model may use for this tool (finish → answer) */
  aliases?: readonly string[];
}

/** Failure codes a tool step can end with; the model sees code and message. */
export type ToolErrorCode =
  | 'unknown_tool'
  | 'invalid_json'
  | 'missing_name'
  | 'several_calls'
  | 'invalid_arguments'
  | 'forbidden_command'
  | 'denied'
  | 'outside_workspace'
  /** inside EVA's own data directory (settings, keys, MCP servers), which the file tools never touch */
  | 'protected_path'
  | 'invalid_path'
  /** a glob or regex from the model that does not compile, or would cost too much to match */
  | 'invalid_pattern'
  | 'workspace_missing'
  | 'not_found'
  | 'not_a_file'
  | 'not_a_directory'
  | 'binary_file'
  | 'file_too_large'
  | 'no_match'
  | 'match_count'
  | 'math_error'
  | 'no_display'
  | 'timeout'
  | 'stopped'
  | 'worker_crashed'
  | 'worker_failed'
  | 'io_error'
  /** the tools sandbox the user chose cannot run it: no container runtime or ssh, no daemon, no image, no connection */
  | 'sandbox_unavailable'
  /** an MCP server is not connected (starting, crashed, retrying) or went away mid-call */
  | 'mcp_unavailable'
  /** the tool ran and reported a failure itself (MCP `isError`, or a JSON-RPC error from the server) */
  | 'tool_failed'
  /** web_fetch: the URL's address is on this computer or a private network, or not http(s) (url-guard.ts) */
  | 'blocked_address'
  /** web_fetch: no answer (DNS, connection, TLS, too many redirects) */
  | 'fetch_failed'
  /** web_fetch: the answer is of a type it does not read (an image, an archive) or a PDF it cannot read */
  | 'unsupported_content'
  | 'internal';

/** A tool failure as data, same shape as AppError so hosts can show it alike. */
export interface ToolError {
  code: ToolErrorCode;
  message: string;
  details?: Record<string, unknown>;
}

/** A tool call as the model made it, before validation. */
export interface ToolCall {
  name: string;
  arguments: Record<string, unknown>;
  /** set for native tool calls; the result goes back with it */
  id?: string;
}

/**
 * How a run ended. `ok`: the tool ran (a shell command with a non-zero exit is
 * still `ok`, its exit code is in details); `error`: it could not do its job;
 * `timeout`/`stopped`: killed, partial output kept.
 */
export type ToolRunStatus = 'ok' | 'error' | 'timeout' | 'stopped';

/** What a tool run produced; `output` is what the model is shown (already capped). */
export interface ToolRunResult {
  status: ToolRunStatus;
  output: string;
  error?: ToolError;
  /** structured extras for the step card: exitCode, truncated, path, bytes... */
  details?: Record<string, unknown>;
  /** what the tool returned besides text (images, audio, resources), for the step card and the history */
  content?: ToolContent[];
  durationMs: number;
}

/**
 * Something a tool returned besides text. Binary data travels as a data URL, capped per
 * item and per step (tool-content.ts): one over the cap keeps its size and type
 * with `dataUrl: null`, so the card can say it was dropped.
 */
export type ToolContent =
  | { kind: 'image'; mimeType: string; bytes: number; dataUrl: string | null }
  | { kind: 'audio'; mimeType: string; bytes: number; dataUrl: string | null }
  /** a resource the tool embedded in its answer: text, or binary as a data URL */
  | { kind: 'resource'; uri: string; mimeType: string | null; bytes: number; text?: string; dataUrl?: string | null }
  /** a resource the tool only named; the step card reads it from the server on demand */
  | { kind: 'resource_link'; uri: string; name: string | null; description: string | null; mimeType: string | null };

/** How far a running tool has got, as it reports it (MCP progress notifications); `total` when it knows the end. */
export interface ToolProgress {
  progress: number;
  total?: number;
  message?: string;
}

/** Added to a call by whoever wants to hear how it goes; a tool that reports progress calls it. */
export interface ToolProgressListener {
  onProgress?: (progress: ToolProgress) => void;
}

export function toolError(code: ToolErrorCode, message: string, details?: Record<string, unknown>): ToolError {
  return details === undefined ? { code, message } : { code, message, details };
}

// What the MCP page shows about each configured server, pushed as `mcp:status`
// on every change and returned by the `mcp:*` channels.
import type { McpConfigIssue } from './mcp-config';

/** How we talk to a server: a child process, Streamable HTTP, or the legacy SSE transport. */
export type McpTransportKind = 'stdio' | 'http' | 'sse';

/** `error` covers both "could not connect" and "died"; a retry is scheduled unless the config changes. */
export type McpServerState = 'disabled' | 'connecting' | 'ready' | 'error';

/** One tool a server offers, as the page lists it. */
export interface McpToolSummary {
  /** the server's own name for it; the model sees `<server>@<name>` */
  name: string;
  description: string;
  /** the server marked it read-only, so it runs without asking */
  readOnly: boolean;
}

/** One configured server. */
export interface McpServerStatus {
  name: string;
  state: McpServerState;
  /** the transport in use (ready) or being tried (connecting); null before the first try */
  transport: McpTransportKind | null;
  /** the tools of the last successful listing; kept while reconnecting so calls fail clearly instead of vanishing */
  tools: McpToolSummary[];
  error: string | null;
  /** failed attempts since it was last ready */
  failures: number;
  /** epoch ms of the next retry while in `error` */
  retryAt: number | null;
  /** the stdio child's pid while it runs */
  pid: number | null;
  /** epoch ms the state began */
  since: number;
  /** the last lines a stdio server wrote to stderr: why it would not start */
  stderrTail: string;
  /** HTTP servers: an API key is sealed for it (the key itself never leaves the core) */
  hasKey?: boolean;
}

/** Everything the MCP page needs. */
export interface McpOverview {
  /** where the config lives (`<data>/mcp.json`) */
  configPath: string;
  /** the config as saved, formatted for the editor */
  configText: string;
  /** problems with the file on disk (hand-edited); the servers of a broken file are not started */
  configIssues: McpConfigIssue[];
  servers: McpServerStatus[];
  /** how API keys are sealed ('os-keychain', 'local-key-file'), when the service can seal them */
  keyProtection?: string;
}

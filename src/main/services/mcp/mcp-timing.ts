/** Every duration the MCP service uses; tests shorten them. */
export interface McpTiming {
  /** spawn/handshake/`initialize` and each `tools/list` page (npx may download a package first) */
  connectTimeoutMs: number;
  /** one `tools/call`; a progress notification restarts it */
  callTimeoutMs: number;
  retryDelaysMs: readonly number[];
  /** up this long = healthy: the next loss starts the delays over */
  stableMs: number;
  /** HTTP/SSE servers have no process to watch: a failed ping means it is gone; 0 turns pings off */
  pingIntervalMs: number;
  killGraceMs: number;
}

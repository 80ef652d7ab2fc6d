// The MCP server list in the JSON shape users already have from other clients
// (`{ "mcpServers": { "git": { "command": "uvx", "args": [...] } } }`), so a
// config can be pasted in as is. Each entry is either a program to start
// (stdio) or a URL (Streamable HTTP, legacy SSE as a fallback). Errors name
// the exact entry and field, because users edit this as raw JSON.
import { z } from 'zod';
import { inputIssueDetails } from '../input-issue';

/** Server names become the `service` part of `service@tool`: no `@`, short, and safe in a wire name. */
export const MCP_SERVER_NAME = /^[A-Za-z0-9_][A-Za-z0-9_.-]{0,63}$/;
export const MAX_MCP_SERVERS = 50;

const text = (max: number) => z.string().max(max);
const stringMap = (what: string) =>
  z
    .record(text(1024), text(32_768), { error: `${what} must be an object of string values` })
    .refine((map) => Object.keys(map).length <= 200, `at most 200 ${what}`);

/** A server started as a child process and spoken to over stdin/stdout. */
export const McpStdioServerSchema = z
  .object({
    type: z.literal('stdio').optional(),
    command: z.string().trim().min(1, '"command" is empty').max(4096),
    args: z.array(text(32_768)).max(1000).optional(),
    env: stringMap('environment variables').optional(),
    cwd: text(4096).optional(),
    /** kept in the list but not started */
    disabled: z.boolean().optional(),
  })
  .strict();
export type McpStdioServer = z.infer<typeof McpStdioServerSchema>;

/** An HTTP header name (RFC 9110 token). */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,128}$/;

/**
 * A server reached over HTTP; `sse` skips straight to the legacy transport. An `apiKey`
 * given here is taken out on save and sealed like link keys (never written to mcp.json);
 * it is sent as `Authorization: Bearer <key>`, or as the bare value of `apiKeyHeader`.
 */
export const McpRemoteServerSchema = z
  .object({
    type: z.enum(['http', 'streamable-http', 'sse']).optional(),
    url: z
      .string()
      .max(4096)
      .refine((value) => /^https?:\/\//i.test(value) && URL.canParse(value), {
        message: '"url" must be an http:// or https:// URL',
        params: { reason: 'mcp_url' },
      }),
    headers: stringMap('headers').optional(),
    apiKey: z.string().min(1, '"apiKey" is empty').max(8192).optional(),
    apiKeyHeader: z
      .string()
      .regex(HEADER_NAME, '"apiKeyHeader" must be an HTTP header name, like "X-API-Key"')
      .optional(),
    disabled: z.boolean().optional(),
  })
  .strict();
export type McpRemoteServer = z.infer<typeof McpRemoteServerSchema>;

export type McpServerConfig = McpStdioServer | McpRemoteServer;

/** One entry of `mcpServers`, dispatched on `command` vs `url` so the errors speak about the right shape. */
export const McpServerConfigSchema = z.unknown().transform((value, ctx): McpServerConfig => {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    ctx.addIssue({
      code: 'custom',
      message: 'must be an object with "command" (a program to start) or "url" (an HTTP server)',
      params: { reason: 'mcp_server_not_object' },
    });
    return z.NEVER;
  }
  const hasCommand = 'command' in value;
  const hasUrl = 'url' in value;
  if (hasCommand === hasUrl) {
    ctx.addIssue({
      code: 'custom',
      message: hasCommand
        ? 'has both "command" and "url": keep one'
        : 'needs "command" (a program to start) or "url" (an HTTP server)',
      params: { reason: hasCommand ? 'mcp_server_both' : 'mcp_server_neither' },
    });
    return z.NEVER;
  }
  const parsed = (hasCommand ? McpStdioServerSchema : McpRemoteServerSchema).safeParse(value);
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues)
    ctx.addIssue({
      code: 'custom',
      message: issue.message,
      path: issue.path,
      // The check's data, for the UI to word: a sentence of this file's its reason, zod's own its input issue.
      params: issue.code === 'custom' ? issue.params : { ...inputIssueDetails(issue) },
    });
  return z.NEVER;
});

/** The whole file / editor content. */
export const McpConfigSchema = z
  .object({ mcpServers: z.record(z.string(), McpServerConfigSchema) })
  .strict()
  .superRefine((config, ctx) => {
    const names = Object.keys(config.mcpServers);
    if (names.length > MAX_MCP_SERVERS)
      ctx.addIssue({
        code: 'custom',
        message: `at most ${MAX_MCP_SERVERS} servers`,
        path: ['mcpServers'],
        params: { reason: 'mcp_too_many_servers', max: MAX_MCP_SERVERS },
      });
    for (const name of names) {
      if (!MCP_SERVER_NAME.test(name)) {
        ctx.addIssue({
          code: 'custom',
          message: `server name "${name}" may only use letters, digits, "_", "-" and "." (at most 64, no "@": tools are named ${'<server>@<tool>'})`,
          path: ['mcpServers', name],
          params: { reason: 'mcp_server_name', name },
        });
      }
    }
  });
export type McpConfig = z.infer<typeof McpConfigSchema>;

export function emptyMcpConfig(): McpConfig {
  return { mcpServers: {} };
}

export function isStdioServer(server: McpServerConfig): server is McpStdioServer {
  return 'command' in server;
}

/** A problem with the config text, with where it is, for the editor. */
export interface McpConfigIssue {
  /** `mcpServers.git.args.0`, or '' for the whole text */
  path: string;
  message: string;
  /**
   * the problem as data, for the UI to word: `reason` is an ERROR_REASONS entry (json_syntax with `line` and
   * `column`, or a schema check's, from shared/input-issue.ts); absent for the config's own checks, worded in English
   */
  details?: Record<string, string | number>;
}

export type McpConfigParse = { ok: true; config: McpConfig } | { ok: false; issues: McpConfigIssue[] };

/** Parse what the user typed (or what is on disk): JSON syntax first, then the schema. */
export function parseMcpConfigText(source: string): McpConfigParse {
  if (source.trim() === '') return { ok: true, config: emptyMcpConfig() };
  let raw: unknown;
  try {
    raw = JSON.parse(source);
  } catch (error) {
    const message = (error as Error).message;
    return {
      ok: false,
      issues: [{ path: '', message: `not valid JSON: ${message}`, details: jsonSyntaxAt(source, message) }],
    };
  }
  return checkMcpConfig(raw);
}

/** Line and column (from 1) of a JSON.parse failure: its "position N", or the end for "Unexpected end". */
function jsonSyntaxAt(source: string, message: string): { reason: 'json_syntax'; line: number; column: number } {
  const lineColumn = /\(line (\d+) column (\d+)\)/.exec(message);
  if (lineColumn) return { reason: 'json_syntax', line: Number(lineColumn[1]), column: Number(lineColumn[2]) };
  const position = /position (\d+)/.exec(message);
  const before = source.slice(0, position ? Number(position[1]) : source.length).split(/\r\n|\r|\n/);
  return { reason: 'json_syntax', line: before.length, column: (before.at(-1)?.length ?? 0) + 1 };
}

export function checkMcpConfig(raw: unknown): McpConfigParse {
  const parsed = McpConfigSchema.safeParse(raw);
  if (parsed.success) return { ok: true, config: parsed.data };
  return {
    ok: false,
    issues: parsed.error.issues.map((issue) => {
      const path = issue.path.map(String).join('.');
      // zod's own checks as data (a server entry's come in `params`); the sentences above stay as they are.
      const details =
        issue.code === 'custom' ? (issue.params as McpConfigIssue['details']) : { ...inputIssueDetails(issue) };
      return details ? { path, message: issue.message, details } : { path, message: issue.message };
    }),
  };
}

/** One line per issue, as an error message for a whole save. */
export function describeMcpConfigIssues(issues: readonly McpConfigIssue[]): string {
  return issues.map((issue) => (issue.path === '' ? issue.message : `${issue.path}: ${issue.message}`)).join('\n');
}

/** The config as it is written to disk and shown in the editor. */
export function formatMcpConfig(config: McpConfig): string {
  return `${JSON.stringify(config, null, 2)}\n`;
}

/** `mcp:set-key` input: seal an API key for one HTTP server (null removes it); the server reconnects with it. */
export const McpSetKeySchema = z
  .object({
    name: z.string().regex(MCP_SERVER_NAME, 'not a valid MCP server name'),
    apiKey: z.string().min(1).max(8192).nullable(),
  })
  .strict();
export type McpSetKeyInput = z.infer<typeof McpSetKeySchema>;

/** `mcp:reconnect` input: one server by name, or every enabled one. */
export const McpReconnectSchema = z
  .object({ name: z.string().regex(MCP_SERVER_NAME, 'not a valid MCP server name').optional() })
  .strict()
  .optional();

// What a server's status row says, decided apart from React so it is tested
// alone: the state line (with tool count, transport or retry countdown) and its colour.
import { parseMcpConfigText, type McpConfigIssue } from '@shared/mcp/mcp-config';
import type { McpServerStatus } from '@shared/mcp/mcp-status';
import { causeInText } from '@shared/error-causes';
import type { MessageKey, MessageVars, Translate } from '../../i18n';
import { appErrorText } from '../../ui/app-error-text';

export type StatusTone = 'ok' | 'busy' | 'err' | 'off';

export interface StatusLine {
  tone: StatusTone;
  key: MessageKey;
  vars: MessageVars;
}

const TRANSPORT_LABEL: Record<NonNullable<McpServerStatus['transport']>, string> = {
  stdio: 'stdio',
  http: 'HTTP',
  sse: 'SSE',
};

export function statusLine(status: McpServerStatus, now: number): StatusLine {
  const transport = status.transport ? TRANSPORT_LABEL[status.transport] : '';
  switch (status.state) {
    case 'ready':
      return { tone: 'ok', key: 'mcp.state.ready', vars: { count: status.tools.length, transport } };
    case 'connecting':
      return { tone: 'busy', key: transport ? 'mcp.state.connectingVia' : 'mcp.state.connecting', vars: { transport } };
    case 'disabled':
      return { tone: 'off', key: 'mcp.state.disabled', vars: {} };
    case 'error':
      return status.retryAt === null
        ? { tone: 'err', key: 'mcp.state.error', vars: {} }
        : {
            tone: 'err',
            key: 'mcp.state.retrying',
            vars: { seconds: Math.max(0, Math.ceil((status.retryAt - now) / 1000)) },
          };
  }
}

/**
 * "mcpServers.git.args.0: expected string" — the path tells the user where in their JSON to look. A JSON syntax
 * error or a schema check carries its reason, and reads as a sentence in the UI's language naming `file`.
 */
export function issueText(t: Translate, issue: McpConfigIssue, file = 'mcp.json'): string {
  const reason = issue.details?.reason;
  if (typeof reason === 'string') {
    const details = { ...issue.details, file, ...(issue.path === '' ? {} : { field: issue.path }) };
    return appErrorText(t, { code: 'bad_request', message: issue.message, details });
  }
  return issue.path === '' ? issue.message : `${issue.path}: ${issue.message}`;
}

/** A server's error: a program not found or a network errno in the UI's language, any other in the core's words. */
export function serverErrorText(t: Translate, error: string): string {
  return causeInText(error) === null ? error : appErrorText(t, { code: 'internal', message: error });
}

/** true for an empty editor or `{ "mcpServers": {} }`: the moment to offer the example. */
export function hasNoServers(text: string): boolean {
  const parsed = parseMcpConfigText(text);
  return parsed.ok && Object.keys(parsed.config.mcpServers).length === 0;
}

/** An example for the empty editor, in the shape other MCP clients use. */
export const MCP_CONFIG_EXAMPLE = `{
  "mcpServers": {
    "filesystem": {
      "command": "npx",
      "args": ["-y", "@modelcontextprotocol/server-filesystem", "/path/to/folder"]
    },
    "remote": {
      "url": "https://example.com/mcp",
      "headers": { "Authorization": "Bearer <token>" }
    }
  }
}
`;

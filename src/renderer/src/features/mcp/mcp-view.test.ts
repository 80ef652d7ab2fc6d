import { describe, expect, it } from 'vitest';
import { parseMcpConfigText } from '@shared/mcp/mcp-config';
import type { McpServerStatus } from '@shared/mcp/mcp-status';
import { createTranslator } from '../../i18n';
import { hasNoServers, issueText, MCP_CONFIG_EXAMPLE, statusLine } from './mcp-view';

const status = (patch: Partial<McpServerStatus>): McpServerStatus => ({
  name: 'git',
  state: 'ready',
  transport: 'stdio',
  tools: [],
  error: null,
  failures: 0,
  retryAt: null,
  pid: 1,
  since: 0,
  stderrTail: '',
  ...patch,
});
const tool = { name: 'x', description: '', readOnly: true };

describe('MCP status line', () => {
  const en = createTranslator('en');
  const zh = createTranslator('zh');
  const say = (s: McpServerStatus, now = 0, t = en) => {
    const line = statusLine(s, now);
    return [line.tone, t(line.key, line.vars)];
  };

  it('says how many tools a ready server has and how it is reached', () => {
    expect(say(status({ tools: [tool, tool] }))).toEqual(['ok', 'Ready · 2 tools · stdio']);
    expect(say(status({ transport: 'sse', tools: [tool] }), 0, zh)).toEqual(['ok', '就绪 · 1 个工具 · SSE']);
  });

  it('connecting, disabled, and an error with the retry countdown', () => {
    expect(say(status({ state: 'connecting', transport: null }))).toEqual(['busy', 'Connecting…']);
    expect(say(status({ state: 'connecting', transport: 'http' }))).toEqual(['busy', 'Connecting (HTTP)…']);
    expect(say(status({ state: 'disabled' }))).toEqual(['off', 'Disabled']);
    expect(say(status({ state: 'error', retryAt: 10_500 }), 5_000)).toEqual(['err', 'Error · retrying in 6 s']);
    expect(say(status({ state: 'error', retryAt: null }))).toEqual(['err', 'Error']);
  });
});

describe('MCP editor helpers', () => {
  it('points at the place of a problem', () => {
    expect(issueText({ path: 'mcpServers.git.args.0', message: 'expected string' })).toBe(
      'mcpServers.git.args.0: expected string',
    );
    expect(issueText({ path: '', message: 'not valid JSON' })).toBe('not valid JSON');
  });

  it('offers the example only to an empty config, and the example itself is valid', () => {
    expect(hasNoServers('')).toBe(true);
    expect(hasNoServers('{ "mcpServers": {} }')).toBe(true);
    expect(hasNoServers('{ "mcpServers": { "a": { "command": "x" } } }')).toBe(false);
    expect(hasNoServers('{ broken')).toBe(false);
    expect(parseMcpConfigText(MCP_CONFIG_EXAMPLE).ok).toBe(true);
    expect(hasNoServers(MCP_CONFIG_EXAMPLE)).toBe(false);
  });
});

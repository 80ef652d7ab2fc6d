import { describe, expect, it } from 'vitest';
import {
  checkMcpConfig,
  describeMcpConfigIssues,
  formatMcpConfig,
  McpReconnectSchema,
  McpSetKeySchema,
  parseMcpConfigText,
} from './mcp-config';

const issuesOf = (raw: unknown) => {
  const parsed = checkMcpConfig(raw);
  if (parsed.ok) throw new Error('expected the config to be refused');
  return parsed.issues;
};

describe('MCP config', () => {
  it('accepts the shape other MCP clients use: stdio and URL servers', () => {
    const parsed = parseMcpConfigText(
      JSON.stringify({
        mcpServers: {
          git: { command: 'uvx', args: ['mcp-server-git', '--repository', '.'], env: { GIT_TOKEN: 'x' }, cwd: '/tmp' },
          docs: { url: 'https://example.com/mcp', headers: { Authorization: 'Bearer t' } },
          old: { type: 'sse', url: 'http://127.0.0.1:9000/sse', disabled: true },
        },
      }),
    );
    expect(parsed).toEqual({
      ok: true,
      config: {
        mcpServers: {
          git: { command: 'uvx', args: ['mcp-server-git', '--repository', '.'], env: { GIT_TOKEN: 'x' }, cwd: '/tmp' },
          docs: { url: 'https://example.com/mcp', headers: { Authorization: 'Bearer t' } },
          old: { type: 'sse', url: 'http://127.0.0.1:9000/sse', disabled: true },
        },
      },
    });
  });

  it('treats empty text as no servers and round-trips through the formatter', () => {
    expect(parseMcpConfigText('  ')).toEqual({ ok: true, config: { mcpServers: {} } });
    const config = { mcpServers: { a: { command: 'node', args: ['x.js'] } } };
    expect(parseMcpConfigText(formatMcpConfig(config))).toEqual({ ok: true, config });
  });

  it('reports JSON syntax errors as such', () => {
    const parsed = parseMcpConfigText('{ "mcpServers": { "a": { "command": "x", } } }');
    expect(parsed.ok).toBe(false);
    if (!parsed.ok)
      expect(parsed.issues[0]).toMatchObject({ path: '', message: expect.stringMatching(/^not valid JSON: /) });
  });

  it('says where the JSON breaks, as line and column, for the UI to word', () => {
    const text = '{\n  "mcpServers": {\n    "git": { "command": "uvx", }\n  }\n}';
    const parsed = parseMcpConfigText(text);
    expect(parsed).toMatchObject({ ok: false, issues: [{ details: { reason: 'json_syntax', line: 3, column: 32 } }] });
    expect(parseMcpConfigText('{ "mcpServers": {')).toMatchObject({
      issues: [{ details: { reason: 'json_syntax', line: 1, column: 18 } }],
    });
  });

  it('names the entry and field that is wrong', () => {
    expect(issuesOf({ mcpServers: { git: { command: 'uvx', args: [1] } } })).toEqual([
      {
        path: 'mcpServers.git.args.0',
        message: expect.stringContaining('expected string'),
        details: { reason: 'input_type', field: 'args.0', expected: 'string' },
      },
    ]);
    expect(issuesOf({ mcpServers: { git: { comand: 'uvx' } } })).toEqual([
      {
        path: 'mcpServers.git',
        message: expect.stringContaining('needs "command"'),
        details: { reason: 'mcp_server_neither' },
      },
    ]);
    expect(issuesOf({ mcpServers: { git: { command: 'uvx', url: 'http://x' } } })).toEqual([
      {
        path: 'mcpServers.git',
        message: expect.stringContaining('both "command" and "url"'),
        details: { reason: 'mcp_server_both' },
      },
    ]);
    expect(issuesOf({ mcpServers: { git: { command: 'uvx', argz: [] } } })).toEqual([
      {
        path: 'mcpServers.git',
        message: expect.stringContaining('argz'),
        details: { reason: 'input_unknown_key', field: '', options: 'argz' },
      },
    ]);
    expect(issuesOf({ mcpServers: { git: { command: '  ' } } })).toEqual([
      {
        path: 'mcpServers.git.command',
        message: '"command" is empty',
        details: { reason: 'input_empty', field: 'command' },
      },
    ]);
    expect(issuesOf({ mcpServers: { web: { url: 'ftp://example.com' } } })).toEqual([
      {
        path: 'mcpServers.web.url',
        message: '"url" must be an http:// or https:// URL',
        details: { reason: 'mcp_url' },
      },
    ]);
    expect(issuesOf({ mcpServers: { web: { url: 'http://x', type: 'websocket' } } })[0]).toMatchObject({
      path: 'mcpServers.web.type',
    });
    expect(issuesOf({ mcpServers: { web: { url: 'http://x', headers: { a: 1 } } } })[0]).toMatchObject({
      path: 'mcpServers.web.headers.a',
    });
    expect(issuesOf({ mcpServers: { a: 'npx foo' } })).toEqual([
      {
        path: 'mcpServers.a',
        message: expect.stringContaining('must be an object'),
        details: { reason: 'mcp_server_not_object' },
      },
    ]);
  });

  it('refuses server names that cannot be the service part of service@tool', () => {
    const issues = issuesOf({
      mcpServers: { 'my@server': { command: 'x' }, 'has space': { command: 'y' }, ok_name: { command: 'z' } },
    });
    expect(issues.map((issue) => issue.path)).toEqual(['mcpServers.my@server', 'mcpServers.has space']);
    expect(issues[0]!.message).toContain('no "@"');
  });

  it('wants the mcpServers wrapper, as the other clients do', () => {
    const issues = issuesOf({ git: { command: 'uvx' } });
    expect(issues.map((issue) => issue.path).sort()).toEqual(['', 'mcpServers']);
    expect(describeMcpConfigIssues(issues)).toMatch(/mcpServers: /);
  });

  it('takes an API key and the header to send it in for HTTP servers only', () => {
    expect(
      checkMcpConfig({ mcpServers: { web: { url: 'https://x/mcp', apiKey: 'k', apiKeyHeader: 'X-API-Key' } } }).ok,
    ).toBe(true);
    expect(issuesOf({ mcpServers: { web: { url: 'https://x/mcp', apiKeyHeader: 'Bad Header: x' } } })[0]).toMatchObject(
      { path: 'mcpServers.web.apiKeyHeader' },
    );
    expect(issuesOf({ mcpServers: { web: { url: 'https://x/mcp', apiKey: '' } } })[0]).toMatchObject({
      path: 'mcpServers.web.apiKey',
      message: '"apiKey" is empty',
    });
    expect(issuesOf({ mcpServers: { git: { command: 'uvx', apiKey: 'k' } } })[0]).toMatchObject({
      path: 'mcpServers.git',
      message: expect.stringContaining('apiKey'),
    });
    expect(McpSetKeySchema.safeParse({ name: 'web', apiKey: null }).success).toBe(true);
    expect(McpSetKeySchema.safeParse({ name: 'web', apiKey: '' }).success).toBe(false);
  });

  it('reconnect input: nothing, or a valid name', () => {
    expect(McpReconnectSchema.safeParse(undefined).success).toBe(true);
    expect(McpReconnectSchema.safeParse({ name: 'git' }).success).toBe(true);
    expect(McpReconnectSchema.safeParse({ name: 'a@b' }).success).toBe(false);
  });
});

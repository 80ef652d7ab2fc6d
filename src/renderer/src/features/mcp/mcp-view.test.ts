import { describe, expect, it } from 'vitest';
import { parseMcpConfigText } from '@shared/mcp/mcp-config';
import type { McpServerStatus } from '@shared/mcp/mcp-status';
import { createTranslator } from '../../i18n';
import { hasNoServers, issueText, MCP_CONFIG_EXAMPLE, serverErrorText, statusLine } from './mcp-view';

const issuesOf = (text: string) => {
  const parsed = parseMcpConfigText(text);
  return parsed.ok ? [] : parsed.issues;
};

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
    const en = createTranslator('en');
    expect(issueText(en, { path: 'mcpServers.git', message: 'has both "command" and "url": keep one' })).toBe(
      'mcpServers.git: has both "command" and "url": keep one',
    );
    expect(issueText(en, { path: '', message: 'not valid JSON' })).toBe('not valid JSON');
  });

  it('words a JSON syntax error with its line and column, and a schema check by its field, in both languages', () => {
    const en = createTranslator('en');
    const zh = createTranslator('zh');
    const [broken] = issuesOf('{\n  "mcpServers": {\n    "git": { "command": "uvx", }\n  }\n}');
    expect(issueText(en, broken!, '/data/mcp.json')).toBe(
      'The JSON has a syntax error at line 3, column 32 (a missing comma, quote or bracket?). Fix the JSON in /data/mcp.json and save.',
    );
    expect(issueText(zh, broken!, '/data/mcp.json')).toContain('第 3 行第 32 列');
    const [wrongType] = issuesOf('{ "mcpServers": { "git": { "command": "uvx", "args": [1] } } }');
    expect(issueText(zh, wrongType!)).toBe('字段“mcpServers.git.args.0”应为文本。请更正后重试。');
  });

  it("words the configuration's own checks in the UI's language, naming the entry and the file", () => {
    const zh = createTranslator('zh');
    const cjk = /[\u4e00-\u9fff]/;
    const texts = [
      '{ "mcpServers": { "git": { "command": "uvx", "url": "http://x" } } }',
      '{ "mcpServers": { "git": { "comand": "uvx" } } }',
      '{ "mcpServers": { "web": { "url": "ftp://example.com" } } }',
      '{ "mcpServers": { "a": "npx foo" } }',
      '{ "mcpServers": { "a@b": { "command": "uvx" } } }',
    ].flatMap((text) => issuesOf(text).map((issue) => issueText(zh, issue, '/data/mcp.json')));
    expect(texts).toHaveLength(5);
    for (const text of texts) {
      expect(text).toMatch(cjk);
      expect(text).toContain('/data/mcp.json');
      expect(text).not.toMatch(/must be|needs|has both|may only/);
    }
    expect(texts[0]).toContain('mcpServers.git');
  });

  it("words a server that would not start because its program is missing, and keeps any other error's words", () => {
    const zh = createTranslator('zh');
    expect(serverErrorText(zh, 'could not start "uvx": not found (is it installed and on PATH?) (stderr: x)')).toBe(
      '找不到程序“uvx”。请安装它，或在配置中填写它的完整路径，然后重试。',
    );
    expect(serverErrorText(zh, 'the server exited during start-up (exit code 1)')).toBe(
      'the server exited during start-up (exit code 1)',
    );
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

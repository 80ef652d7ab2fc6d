import { describe, expect, it } from 'vitest';
import { builtinToolDescriptors, findTool } from './builtin-tools';
import {
  applyConsentAnswer,
  consentChoices,
  decideConsent,
  denialMessage,
  toolsOffered,
  type ToolPolicySettings,
} from './consent';
import { mcpToolDescriptor } from './mcp-tool-name';
import type { ToolDescriptor, ToolPolicy } from './tool-types';

const tools = builtinToolDescriptors();
const tool = (name: string): ToolDescriptor => {
  const found = findTool(tools, name);
  if (!found) throw new Error(name);
  return found;
};
const settings = (policies: Record<string, ToolPolicy> = {}): ToolPolicySettings => ({ policies });

describe('decideConsent', () => {
  // [tool, policy override, allowed for conversation, verdict]
  const table: Array<[string, ToolPolicy | undefined, boolean, 'run' | 'ask' | 'deny']> = [
    ['calculator', undefined, false, 'run'],
    ['read_file', undefined, false, 'run'],
    ['list_files', undefined, false, 'run'],
    ['answer', undefined, false, 'run'],
    ['execute_command', undefined, false, 'ask'],
    ['execute_command', undefined, true, 'run'],
    ['write_file', undefined, false, 'ask'],
    ['write_file', undefined, true, 'run'],
    ['edit_file', undefined, false, 'ask'],
    ['edit_file', 'allow', false, 'run'],
    ['execute_command', 'deny', true, 'deny'],
    ['read_file', 'deny', false, 'deny'],
    ['read_file', 'ask', false, 'ask'],
    ['read_file', 'ask', true, 'run'],
    ['controller', undefined, false, 'ask'],
    ['controller', undefined, true, 'ask'],
    ['controller', 'allow', true, 'ask'],
    ['controller', 'deny', false, 'deny'],
  ];
  it.each(table)('%s with policy %s, allowed-for-conversation %s → %s', (name, policy, allowed, verdict) => {
    const policies = policy ? { [name]: policy } : {};
    expect(decideConsent(tool(name), settings(policies), allowed ? [name] : [])).toBe(verdict);
  });

  it('the conversation list only counts for the tool named in it', () => {
    expect(decideConsent(tool('write_file'), settings(), ['edit_file'])).toBe('ask');
  });

  it('MCP tools use their descriptor default until the user sets a policy', () => {
    const mcp: ToolDescriptor = { ...tool('execute_command'), name: 'git@commit', source: 'mcp' };
    expect(decideConsent(mcp, settings(), [])).toBe('ask');
    expect(decideConsent(mcp, settings({ 'git@commit': 'allow' }), [])).toBe('run');
  });

  it("an MCP tool that calls itself read-only still asks: the hint is the server's own claim", () => {
    const search = mcpToolDescriptor('web', { name: 'search', annotations: { readOnlyHint: true } });
    expect(decideConsent(search, settings(), [])).toBe('ask');
  });

  it("a whole MCP server can be allowed (or denied) once: `service@*`, the tool's own setting first", () => {
    const search = mcpToolDescriptor('web', { name: 'search' });
    const fetchTool = mcpToolDescriptor('web', { name: 'fetch' });
    expect(decideConsent(search, settings({ 'web@*': 'allow' }), [])).toBe('run');
    expect(decideConsent(fetchTool, settings({ 'web@*': 'allow', 'web@fetch': 'ask' }), [])).toBe('ask');
    expect(decideConsent(search, settings({ 'web@*': 'deny' }), [])).toBe('deny');
    expect(decideConsent(search, settings(), ['web@*'])).toBe('run');
    expect(
      decideConsent(mcpToolDescriptor('other', { name: 'search' }), settings({ 'web@*': 'allow' }), ['web@*']),
    ).toBe('ask');
    // A built-in tool is never covered by a server wildcard.
    expect(decideConsent(tool('write_file'), settings({ 'write_file@*': 'allow' }), [])).toBe('ask');
  });
});

describe('consent answers', () => {
  it('allow for the conversation is remembered, allow once is not', () => {
    expect(applyConsentAnswer(tool('write_file'), { kind: 'allow_conversation' }, [])).toEqual(['write_file']);
    expect(applyConsentAnswer(tool('write_file'), { kind: 'allow_once' }, [])).toEqual([]);
    expect(applyConsentAnswer(tool('write_file'), { kind: 'allow_conversation' }, ['write_file'])).toEqual([
      'write_file',
    ]);
  });

  it('the controller never offers or remembers "allow for this conversation"', () => {
    expect(consentChoices(tool('controller'))).toEqual(['allow_once', 'deny']);
    expect(applyConsentAnswer(tool('controller'), { kind: 'allow_conversation' }, [])).toEqual([]);
    expect(consentChoices(tool('write_file'))).toContain('allow_conversation');
  });

  it('the denial reason reaches the model', () => {
    expect(denialMessage('write_file', false, ' not that file ')).toContain('Reason: not that file');
    expect(denialMessage('write_file', true)).toContain('settings do not allow');
  });
});

describe('toolsOffered', () => {
  it('offers the defaults, lets toggles add the controller or remove the shell', () => {
    expect(toolsOffered(tools, {}).map((t) => t.name)).not.toContain('controller');
    expect(toolsOffered(tools, { controller: true }).map((t) => t.name)).toContain('controller');
    expect(toolsOffered(tools, { execute_command: false }).map((t) => t.name)).not.toContain('execute_command');
  });
});

describe('allowing a whole MCP server', () => {
  it('MCP tools offer "allow this server for the conversation"; built-ins and the controller do not', () => {
    expect(consentChoices(mcpToolDescriptor('web', { name: 'fetch' }))).toEqual([
      'allow_once',
      'allow_conversation',
      'allow_server',
      'deny',
    ]);
    expect(consentChoices(tool('write_file'))).toEqual(['allow_once', 'allow_conversation', 'deny']);
  });

  it("the answer adds `service@*` to the conversation list, which then covers the server's other tools only", () => {
    const allowed = applyConsentAnswer(mcpToolDescriptor('web', { name: 'fetch' }), { kind: 'allow_server' }, []);
    expect(allowed).toEqual(['web@*']);
    expect(decideConsent(mcpToolDescriptor('web', { name: 'search' }), settings(), allowed)).toBe('run');
    expect(decideConsent(mcpToolDescriptor('git', { name: 'push' }), settings(), allowed)).toBe('ask');
    expect(applyConsentAnswer(tool('write_file'), { kind: 'allow_server' }, [])).toEqual([]);
  });
});

// A conversation's tool selection: what it leaves out, and the prompt the rest makes.
import { describe, expect, it } from 'vitest';
import { builtinToolDescriptors } from './builtin-tools';
import { mcpToolDescriptor } from './mcp-tool-name';
import { applyToolSelection, setServer, setTools, toggleTool } from './tool-selection';
import { buildToolsPrompt, previewToolsPrompt } from './agent/tools-prompt';

const builtins = builtinToolDescriptors().filter((tool) => tool.enabledByDefault);
const git = ['status', 'diff', 'log'].map((name) => mcpToolDescriptor('git', { name, description: `git ${name}` }));
const all = [...builtins, ...git];
const names = (tools: readonly { name: string }[]) => tools.map((tool) => tool.name);

describe('applyToolSelection', () => {
  it('leaves out named tools and whole servers, never the tool that ends the run', () => {
    const kept = applyToolSelection(all, ['read_file', 'git@*', 'answer']);
    expect(names(kept)).toContain('answer');
    expect(names(kept)).not.toContain('read_file');
    expect(names(kept).some((name) => name.startsWith('git@'))).toBe(false);
    expect(applyToolSelection(all, undefined)).toEqual(all);
  });
});

describe('changing the selection', () => {
  it('switches a server off as a whole, so its new tools stay off too, and back on', () => {
    const off = setServer({ off: ['git@diff'] }, 'git', false);
    expect(off).toEqual({ off: ['git@*'] });
    const later = [...git, mcpToolDescriptor('git', { name: 'blame' })];
    expect(names(applyToolSelection(later, off.off)).filter((name) => name.startsWith('git@'))).toEqual([]);
    expect(setServer(off, 'git', true)).toEqual({ off: [] });
  });

  it('brings one tool of a switched-off server back and keeps its siblings off', () => {
    const one = toggleTool({ off: ['git@*'] }, 'git@log', true, names(git));
    expect(one.off.sort()).toEqual(['git@diff', 'git@status']);
    expect(toggleTool(one, 'git@diff', true).off).toEqual(['git@status']);
    expect(toggleTool({ off: [] }, 'calculator', false)).toEqual({ off: ['calculator'] });
  });

  it('switches the built-ins together', () => {
    const off = setTools({ off: ['git@*'] }, ['calculator', 'read_file'], false);
    expect(off).toEqual({ off: ['git@*', 'calculator', 'read_file'] });
    expect(setTools(off, ['calculator', 'read_file'], true)).toEqual({ off: ['git@*'] });
  });
});

describe('previewToolsPrompt', () => {
  it('is the prompt of the tools kept, and lists every tool with its server and weight', () => {
    const preview = previewToolsPrompt(all, ['git@*', 'execute_command']);
    expect(preview.offered).toEqual(names(applyToolSelection(all, ['git@*', 'execute_command'])));
    expect(preview.text).toBe(buildToolsPrompt(applyToolSelection(all, ['git@*', 'execute_command'])));
    expect(preview.text).not.toContain('git@status');
    const status = preview.available.find((tool) => tool.name === 'git@status');
    expect(status).toMatchObject({ server: 'git', source: 'mcp', fixed: false });
    expect(status?.estimatedTokens).toBeGreaterThan(5);
    expect(preview.available.find((tool) => tool.name === 'answer')?.fixed).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { builtinToolDescriptors } from '../builtin-tools';
import { buildToolsPrompt } from './tools-prompt';

const env = {
  os: 'Linux 6.8 (x64)',
  shell: 'bash',
  workspaceDir: '/home/u/eva/workspace',
  date: '2025-11-23',
  workspaceTree: 'src/\nREADME.md',
};

describe('buildToolsPrompt', () => {
  it('lists every tool as one JSON line inside <tools>', () => {
    const prompt = buildToolsPrompt(builtinToolDescriptors(), env);
    const block = /<tools>\n([\s\S]*?)\n<\/tools>/.exec(prompt)?.[1] ?? '';
    const entries = block
      .split('\n')
      .map((line) => JSON.parse(line) as { function: { name: string; parameters: unknown } });
    expect(entries.map((e) => e.function.name)).toEqual([
      'answer',
      'calculator',
      'execute_command',
      'read_file',
      'write_file',
      'edit_file',
      'list_files',
      'web_fetch',
      'controller',
    ]);
    expect(entries[3]?.function.parameters).toMatchObject({ required: ['path'] });
    expect(prompt).toContain('<tool_call>\n{"name": "<tool name>", "arguments": {<arguments as JSON>}}\n</tool_call>');
    expect(prompt).toContain('"name": "answer"');
  });

  it('adds the environment only when engineer tools are enabled', () => {
    const all = buildToolsPrompt(builtinToolDescriptors(), env);
    expect(all).toContain('Operating system: Linux 6.8 (x64)');
    expect(all).toContain('Shell for execute_command: bash');
    expect(all).toContain('Workspace directory: /home/u/eva/workspace');
    expect(all).toContain('Workspace overview:\nsrc/\nREADME.md');
    const calcOnly = buildToolsPrompt(
      builtinToolDescriptors().filter((t) => t.name === 'calculator' || t.name === 'answer'),
      env,
    );
    expect(calcOnly).not.toContain('Workspace directory');
  });
});

import { describe, expect, it } from 'vitest';
import { builtinToolDescriptors } from '@shared/tools/builtin-tools';
import { knowledgeToolDescriptor } from '@shared/knowledge/knowledge-tool';
import { createTranslator } from '../../i18n';
import { toolDescription } from './tool-labels';

describe('toolDescription', () => {
  const zh = createTranslator('zh');

  it("describes every built-in tool in Chinese, not with the core's English for the model", () => {
    for (const tool of [...builtinToolDescriptors(), knowledgeToolDescriptor(5)]) {
      const text = toolDescription(zh, { name: tool.name, source: 'builtin', description: tool.description });
      expect(text, tool.name).not.toBe(tool.description);
      expect(text, tool.name).toMatch(/[\u4e00-\u9fff].*。$/);
    }
  });

  it("keeps an MCP tool's own description", () => {
    expect(toolDescription(zh, { name: 'read_file', source: 'mcp', description: 'Reads from the server.' })).toBe(
      'Reads from the server.',
    );
  });
});

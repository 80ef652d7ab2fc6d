import { describe, expect, it } from 'vitest';
import { mcpToolDescriptor, splitMcpToolName } from './mcp-tool-name';

describe('MCP tool names', () => {
  it('splits service@tool and leaves built-in names alone', () => {
    expect(splitMcpToolName('git@status')).toEqual({ service: 'git', tool: 'status' });
    expect(splitMcpToolName('fs@read@v2')).toEqual({ service: 'fs', tool: 'read@v2' });
    expect(splitMcpToolName('read_file')).toBeNull();
    expect(splitMcpToolName('@x')).toBeNull();
  });

  it('asks for tools that do not declare themselves read-only', () => {
    expect(mcpToolDescriptor('git', { name: 'status', annotations: { readOnlyHint: true } })).toMatchObject({
      name: 'git@status',
      risk: 'read',
      defaultPolicy: 'ask',
      source: 'mcp',
    });
    expect(mcpToolDescriptor('git', { name: 'push' })).toMatchObject({
      risk: 'exec',
      defaultPolicy: 'ask',
      parameters: { type: 'object' },
    });
  });
});

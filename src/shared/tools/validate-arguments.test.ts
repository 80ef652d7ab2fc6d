import { describe, expect, it } from 'vitest';
import { builtinToolDescriptors, findTool } from './builtin-tools';
import { createArgumentValidator } from './validate-arguments';
import type { ToolDescriptor } from './tool-types';

const tools = builtinToolDescriptors();
const tool = (name: string): ToolDescriptor => findTool(tools, name) as ToolDescriptor;
const validator = createArgumentValidator();
const messageOf = (name: string, args: unknown): string => {
  const check = validator.validate(tool(name), args);
  if (check.ok) throw new Error('expected a failure');
  expect(check.error.code).toBe('invalid_arguments');
  return check.error.message;
};

describe('argument validation', () => {
  it('accepts valid arguments', () => {
    expect(validator.validate(tool('read_file'), { path: 'a.txt', offset: 3 })).toEqual({ ok: true });
    expect(validator.validate(tool('list_files'), {})).toEqual({ ok: true });
  });

  it('names the property and the problem', () => {
    expect(messageOf('read_file', { path: 42 })).toBe('arguments.path: must be string');
    expect(messageOf('read_file', {})).toBe('arguments: missing required property "path"');
    expect(messageOf('execute_command', { command: 'ls', timeout_seconds: 9999 })).toBe(
      'arguments.timeout_seconds: must be <= 600',
    );
    expect(messageOf('edit_file', { path: 'a', old_string: 'x', new_string: 'y', expected_replacements: 1.5 })).toBe(
      'arguments.expected_replacements: must be integer',
    );
  });

  it('reports every problem at once and indexes into arrays', () => {
    const message = messageOf('controller', {
      actions: [
        { action: 'move', x: 1, y: 2 },
        { action: 'jump', x: -1 },
      ],
    });
    expect(message).toContain('arguments.actions[1].action: must be one of');
    expect(message).toContain('arguments.actions[1].x: must be >= 0');
  });

  it('refuses arguments that are not an object', () => {
    expect(messageOf('calculator', 'sqrt(2)')).toBe('arguments: must be an object');
    expect(messageOf('calculator', [1])).toBe('arguments: must be an object');
  });

  it('reports unexpected properties when a schema forbids them', () => {
    const strict: ToolDescriptor = {
      ...tool('calculator'),
      parameters: { type: 'object', properties: { a: { type: 'string' } }, additionalProperties: false },
    };
    const check = validator.validate(strict, { b: 1 });
    expect(check.ok ? '' : check.error.message).toBe('arguments: unexpected property "b"');
  });

  it('compiles MCP schemas that name draft 2020-12 or use unknown formats', () => {
    const mcp: ToolDescriptor = {
      ...tool('calculator'),
      name: 'svc@t',
      parameters: {
        $schema: 'https://json-schema.org/draft/2020-12/schema',
        type: 'object',
        properties: { when: { type: 'string', format: 'x-custom' } },
        required: ['when'],
      },
    };
    expect(validator.validate(mcp, { when: 'now' })).toEqual({ ok: true });
    const check = validator.validate(mcp, {});
    expect(check.ok).toBe(false);
  });
});

describe('argument validation with patterns from an MCP server', () => {
  const tool = (pattern: string): ToolDescriptor => ({
    name: 'evil@search',
    description: 'a tool whose schema carries a pattern',
    parameters: { type: 'object', properties: { q: { type: 'string', pattern } }, required: ['q'] },
    risk: 'read',
    defaultPolicy: 'ask',
    enabledByDefault: true,
    source: 'mcp',
  });

  // `^(a|a)+$` is exponential on V8's engine (26 characters ≈ 1 s, 40 would take hours);
  // RE2 matches it in linear time; a backtracking engine would not finish before the test's timeout.
  it('a catastrophic pattern is matched in linear time', () => {
    const validator = createArgumentValidator();
    const result = validator.validate(tool('^(a|a)+$'), { q: `${'a'.repeat(40)}!` });
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid_arguments' } });
    expect(validator.validate(tool('^(a|a)+$'), { q: 'aaaa' })).toEqual({ ok: true });
  });

  it('still enforces ordinary patterns, and skips only a pattern RE2 cannot express', () => {
    const validator = createArgumentValidator();
    expect(validator.validate(tool('^[a-z]+$'), { q: 'ABC' })).toMatchObject({ ok: false });
    expect(validator.validate(tool('^[a-z]+$'), { q: 'abc' })).toEqual({ ok: true });
    expect(validator.validate(tool('^(?=x)'), { q: 'anything' })).toEqual({ ok: true });
  });
});

// The built-in tools as the model sees them. Descriptions are written for small
// local models: short, concrete, limits stated, relative paths encouraged.
import { TOOL_LIMITS } from './tool-limits';
import type { ToolDescriptor } from './tool-types';

export const BUILTIN_TOOL_NAMES = [
  'answer',
  'calculator',
  'execute_command',
  'read_file',
  'write_file',
  'edit_file',
  'list_files',
  'web_fetch',
  'controller',
] as const;

/** Name of one built-in tool. */
export type BuiltinToolName = (typeof BUILTIN_TOOL_NAMES)[number];

const pathProp = (what: string) => ({
  type: 'string',
  minLength: 1,
  description: `${what}, relative to the workspace directory`,
});

/** Descriptors of every built-in tool, in the order they are offered. */
export function builtinToolDescriptors(): ToolDescriptor[] {
  return [
    {
      name: 'answer',
      description:
        'Give the final response to the user and end the task. Call it when the task is done or you need to ask the user something.',
      parameters: {
        type: 'object',
        properties: { content: { type: 'string', description: 'The final response to the user' } },
        required: ['content'],
      },
      risk: 'read',
      defaultPolicy: 'allow',
      enabledByDefault: true,
      source: 'builtin',
      final: true,
      aliases: ['finish', 'response'],
    },
    {
      name: 'calculator',
      description: `Evaluate a math expression with math.js and return the result (units, matrices, big numbers, e.g. "sqrt(2) * 3", "5 cm to inch", "det([1,2;3,4])"). Time limit ${TOOL_LIMITS.calculatorMs / 1000} s.`,
      parameters: {
        type: 'object',
        properties: { expression: { type: 'string', minLength: 1, description: 'math.js expression' } },
        required: ['expression'],
      },
      risk: 'read',
      defaultPolicy: 'allow',
      enabledByDefault: true,
      source: 'builtin',
    },
    {
      name: 'execute_command',
      description: `Run a shell command in the workspace directory and return its combined stdout/stderr and exit code. Output over ${TOOL_LIMITS.maxOutputChars} characters is cut in the middle. Default timeout ${TOOL_LIMITS.commandDefaultSeconds} s, at most ${TOOL_LIMITS.commandMaxSeconds} s. No interactive input is possible; background processes are stopped when the command returns.`,
      parameters: {
        type: 'object',
        properties: {
          command: { type: 'string', minLength: 1, description: 'The command line to run' },
          timeout_seconds: {
            type: 'integer',
            minimum: 1,
            maximum: TOOL_LIMITS.commandMaxSeconds,
            description: `Kill the command after this many seconds (default ${TOOL_LIMITS.commandDefaultSeconds})`,
          },
        },
        required: ['command'],
      },
      risk: 'exec',
      defaultPolicy: 'ask',
      enabledByDefault: true,
      source: 'builtin',
    },
    {
      name: 'read_file',
      description: `Read a text file. Returns up to ${TOOL_LIMITS.readDefaultLines} lines by default; use offset and limit for other parts of long files. Binary files and files over ${TOOL_LIMITS.maxReadBytes / 1024 / 1024} MB are refused.`,
      parameters: {
        type: 'object',
        properties: {
          path: pathProp('File to read'),
          offset: { type: 'integer', minimum: 1, description: 'First line to return, 1-based (default 1)' },
          limit: {
            type: 'integer',
            minimum: 1,
            maximum: TOOL_LIMITS.readMaxLines,
            description: 'How many lines to return',
          },
        },
        required: ['path'],
      },
      risk: 'read',
      defaultPolicy: 'allow',
      enabledByDefault: true,
      source: 'builtin',
    },
    {
      name: 'write_file',
      description: 'Create a file or replace its whole content. Missing parent directories are created.',
      parameters: {
        type: 'object',
        properties: {
          path: pathProp('File to write'),
          content: { type: 'string', description: 'The complete new file content' },
        },
        required: ['path', 'content'],
      },
      risk: 'write',
      defaultPolicy: 'ask',
      enabledByDefault: true,
      source: 'builtin',
    },
    {
      name: 'edit_file',
      description:
        'Replace exact text in an existing file. old_string must match the file exactly (whitespace included); the edit fails unless it occurs exactly expected_replacements times (default 1). Include surrounding lines to make it unique.',
      parameters: {
        type: 'object',
        properties: {
          path: pathProp('File to edit'),
          old_string: { type: 'string', minLength: 1, description: 'Exact text to replace' },
          new_string: { type: 'string', description: 'Text to put in its place' },
          expected_replacements: {
            type: 'integer',
            minimum: 1,
            description: 'How many occurrences to replace (default 1)',
          },
        },
        required: ['path', 'old_string', 'new_string'],
      },
      risk: 'write',
      defaultPolicy: 'ask',
      enabledByDefault: true,
      source: 'builtin',
    },
    {
      name: 'list_files',
      description: `List a directory (one entry per line, directories end with "/"), or with pattern, find files recursively by glob ("**/*.ts", "src/*.{js,json}"). At most ${TOOL_LIMITS.listDefaultEntries} entries by default.`,
      parameters: {
        type: 'object',
        properties: {
          path: { type: 'string', description: 'Directory relative to the workspace (default: the workspace itself)' },
          pattern: {
            type: 'string',
            minLength: 1,
            description:
              'Glob matched against paths relative to path: **, *, ?, [abc], [!abc], {a,b}; at most 4 wildcards',
          },
          max_entries: {
            type: 'integer',
            minimum: 1,
            maximum: TOOL_LIMITS.listMaxEntries,
            description: 'Most entries to return',
          },
        },
      },
      risk: 'read',
      defaultPolicy: 'allow',
      enabledByDefault: true,
      source: 'builtin',
    },
    {
      name: 'web_fetch',
      // Short: the tool list is part of every agent prompt, and small models have small contexts.
      description:
        'Fetch an http(s) URL and return it as text (HTML with its links, PDF, JSON). Local addresses are refused.',
      parameters: {
        type: 'object',
        properties: {
          url: { type: 'string', minLength: 1, maxLength: 8192, description: 'The http:// or https:// URL to fetch' },
        },
        required: ['url'],
      },
      risk: 'network',
      defaultPolicy: 'ask',
      enabledByDefault: true,
      source: 'builtin',
    },
    {
      name: 'controller',
      description:
        'Control the mouse and keyboard with a list of actions run in order. Screen origin (0,0) is the top-left corner. Actions: {"action":"move","x":100,"y":200}, {"action":"left_down","x":100,"y":200} (x,y optional), {"action":"left_up"}, {"action":"right_down"}, {"action":"right_up"}, {"action":"keyboard","text":"hello"} or {"action":"keyboard","keys":"Ctrl+S"}, {"action":"time_span","ms":500}.',
      parameters: {
        type: 'object',
        properties: {
          actions: {
            type: 'array',
            minItems: 1,
            maxItems: TOOL_LIMITS.controllerMaxActions,
            items: {
              type: 'object',
              properties: {
                action: {
                  type: 'string',
                  enum: ['left_down', 'left_up', 'right_down', 'right_up', 'move', 'keyboard', 'time_span'],
                },
                x: { type: 'integer', minimum: 0 },
                y: { type: 'integer', minimum: 0 },
                text: { type: 'string' },
                keys: { type: 'string', description: 'Key combination such as "Ctrl+S" or "Enter"' },
                ms: { type: 'integer', minimum: 0, maximum: TOOL_LIMITS.controllerMaxWaitMs },
              },
              required: ['action'],
            },
          },
        },
        required: ['actions'],
      },
      risk: 'control',
      defaultPolicy: 'ask',
      alwaysAsk: true,
      enabledByDefault: false,
      source: 'builtin',
    },
  ];
}

/** Find a descriptor by name or alias. */
export function findTool(tools: readonly ToolDescriptor[], name: string): ToolDescriptor | undefined {
  return tools.find((tool) => tool.name === name) ?? tools.find((tool) => tool.aliases?.includes(name));
}

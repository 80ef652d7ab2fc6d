// Reads EVA's prompt protocol out of a finished reply: exactly one
// <tool_call>{"name":…,"arguments":{…}}</tool_call> outside the reasoning.
// `</tool_call>` is a stop word, so the closing tag is usually missing: an open
// block runs to the end of the text.
import { stripThinking, type ThinkOptions } from './think-spans';
import { toolError, type ToolCall, type ToolError } from '../tool-types';

export const TOOL_CALL_OPEN = '<tool_call>';
export const TOOL_CALL_CLOSE = '</tool_call>';

/** What a reply contains: a plain answer, one call, or a call the model got wrong. */
export type ToolCallParse =
  | { kind: 'none'; text: string }
  | { kind: 'call'; call: ToolCall; text: string }
  | { kind: 'error'; error: ToolError; text: string };

/** `text` in every result is the reply without reasoning and without the call block. */
export function parseToolCall(reply: string, options: ThinkOptions = {}): ToolCallParse {
  const visible = stripThinking(reply, options);
  const blocks = findBlocks(visible);
  const first = blocks[0];
  if (!first) return { kind: 'none', text: visible.trim() };
  const text = (visible.slice(0, first.start) + visible.slice(blocks[blocks.length - 1]?.end ?? first.end)).trim();
  if (blocks.length > 1) {
    return {
      kind: 'error',
      text,
      error: toolError(
        'several_calls',
        `found ${blocks.length} <tool_call> blocks; call exactly one tool per reply and wait for its result`,
      ),
    };
  }
  const parsed = parseCallJson(first.body);
  return 'error' in parsed ? { kind: 'error', error: parsed.error, text } : { kind: 'call', call: parsed.call, text };
}

interface Block {
  start: number;
  end: number;
  body: string;
}

function findBlocks(text: string): Block[] {
  const blocks: Block[] = [];
  let from = 0;
  for (;;) {
    const start = text.indexOf(TOOL_CALL_OPEN, from);
    if (start === -1) return blocks;
    const bodyStart = start + TOOL_CALL_OPEN.length;
    const close = text.indexOf(TOOL_CALL_CLOSE, bodyStart);
    const nextOpen = text.indexOf(TOOL_CALL_OPEN, bodyStart);
    // An unclosed block ends where the next one starts, or at the end of the text.
    const bodyEnd =
      close !== -1 && (nextOpen === -1 || close < nextOpen) ? close : nextOpen !== -1 ? nextOpen : text.length;
    const end = bodyEnd === close ? close + TOOL_CALL_CLOSE.length : bodyEnd;
    blocks.push({ start, end, body: text.slice(bodyStart, bodyEnd) });
    from = end;
  }
}

/** Parse the JSON inside one block; exported for the native path, whose arguments arrive as text too. */
export function parseCallJson(body: string): { call: ToolCall } | { error: ToolError } {
  const json = unfence(body.trim());
  if (json === '')
    return {
      error: toolError('invalid_json', 'the <tool_call> block is empty; put {"name": …, "arguments": {…}} inside it'),
    };
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch (error) {
    return {
      error: toolError(
        'invalid_json',
        `invalid JSON in <tool_call>: ${(error as Error).message}. Use double quotes, escape inner quotes and newlines, no trailing commas.`,
        {
          raw: json.slice(0, 2000),
        },
      ),
    };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { error: toolError('invalid_json', 'the <tool_call> JSON must be an object {"name": …, "arguments": {…}}') };
  }
  const record = value as Record<string, unknown>;
  if (typeof record.name !== 'string' || record.name.trim() === '') {
    return { error: toolError('missing_name', 'the <tool_call> JSON has no "name" string naming the tool to call') };
  }
  const args = readArguments(record.arguments ?? record.parameters);
  if ('error' in args) return args;
  return { call: { name: record.name.trim(), arguments: args.value } };
}

// Models trained on OpenAI transcripts send arguments as a JSON string; Llama 3 says "parameters".
function readArguments(raw: unknown): { value: Record<string, unknown> } | { error: ToolError } {
  if (raw === undefined || raw === null) return { value: {} };
  let value = raw;
  if (typeof raw === 'string') {
    if (raw.trim() === '') return { value: {} };
    try {
      value = JSON.parse(raw);
    } catch (error) {
      return {
        error: toolError('invalid_json', `"arguments" is a string that is not valid JSON: ${(error as Error).message}`),
      };
    }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { error: toolError('invalid_arguments', '"arguments" must be a JSON object') };
  }
  return { value: value as Record<string, unknown> };
}

function unfence(text: string): string {
  if (!text.startsWith('```')) return text;
  // The closing fence may be missing: generation stopped at the </tool_call> stop word.
  const newline = text.indexOf('\n');
  const inner = newline === -1 ? text.replace(/^```[\w-]*/, '') : text.slice(newline + 1);
  // String ops, not /\s*```\s*$/: that regex is quadratic on a long run of whitespace (a model can send 80k spaces).
  const body = inner.trimEnd();
  return (body.endsWith('```') ? body.slice(0, -3) : body).trim();
}

// The native (OpenAI) tool protocol: the `tools` request field built from our
// descriptors, and a pure reducer that assembles streamed `tool_calls` deltas
// into complete calls. OpenAI-compatible endpoints only accept function names
// matching ^[A-Za-z0-9_-]{1,64}$, so `service@tool` gets a wire name and a way back.
import { parseCallJson } from './parse-tool-call';
import { toolError, type ToolCall, type ToolDescriptor, type ToolError } from '../tool-types';

/** One entry of the request's `tools` array. */
export interface OpenAiTool {
  type: 'function';
  function: { name: string; description: string; parameters: Record<string, unknown> };
}

/** The request field plus the map from wire names back to our tool names. */
export interface NativeToolSet {
  tools: OpenAiTool[];
  /** our name for a wire name, or the wire name itself when it is not one of ours */
  toolName(wireName: string): string;
}

export function toOpenAiTools(descriptors: readonly ToolDescriptor[]): NativeToolSet {
  const back = new Map<string, string>();
  const tools = descriptors.map((tool): OpenAiTool => {
    let wire = wireName(tool.name);
    for (let n = 2; back.has(wire); n++) wire = `${wireName(tool.name).slice(0, 60)}_${n}`;
    back.set(wire, tool.name);
    return { type: 'function', function: { name: wire, description: tool.description, parameters: tool.parameters } };
  });
  return { tools, toolName: (wire) => back.get(wire) ?? wire };
}

function wireName(name: string): string {
  return name
    .replace('@', '__')
    .replace(/[^A-Za-z0-9_-]/g, '_')
    .slice(0, 64);
}

/** One element of `choices[0].delta.tool_calls` in a streamed chunk. */
export interface ToolCallDelta {
  index?: number;
  id?: string;
  type?: string;
  function?: { name?: string; arguments?: string };
}

/** Calls assembled so far, by stream index. */
export interface ToolCallAccumulator {
  calls: Array<{ id: string; name: string; argumentsText: string }>;
}

export function emptyToolCalls(): ToolCallAccumulator {
  return { calls: [] };
}

/** Fold one chunk's deltas in; returns a new accumulator. */
export function accumulateToolCalls(
  state: ToolCallAccumulator,
  deltas: readonly ToolCallDelta[] | undefined,
): ToolCallAccumulator {
  if (!deltas || deltas.length === 0) return state;
  const calls = state.calls.map((call) => ({ ...call }));
  for (const delta of deltas) {
    const slot = slotFor(calls, delta);
    const call = calls[slot] ?? { id: '', name: '', argumentsText: '' };
    if (delta.id) call.id = delta.id;
    const name = delta.function?.name;
    // Most servers send the name once; some repeat the whole name on every chunk.
    if (name) call.name = call.name === '' || call.name === name ? name : call.name + name;
    if (delta.function?.arguments) call.argumentsText += delta.function.arguments;
    calls[slot] = call;
  }
  return { calls };
}

function slotFor(calls: ReadonlyArray<{ id: string }>, delta: ToolCallDelta): number {
  if (typeof delta.index === 'number') return delta.index;
  // Servers that omit `index` (some OpenAI-compatible proxies) identify calls by id.
  if (delta.id) {
    const known = calls.findIndex((call) => call.id === delta.id);
    return known === -1 ? calls.length : known;
  }
  return Math.max(0, calls.length - 1);
}

/** A finished native call, parsed, or why it cannot be used. */
export type NativeCallParse = { kind: 'call'; call: ToolCall } | { kind: 'error'; error: ToolError; id: string };

/**
 * The calls of a finished stream. Our loop runs one tool per turn, like the
 * prompt protocol; several calls are reported to the model as an error
 * unless `allowSeveral` (each still gets its own id for the tool message).
 */
export function finishToolCalls(
  state: ToolCallAccumulator,
  names: Pick<NativeToolSet, 'toolName'>,
  allowSeveral = false,
): NativeCallParse[] {
  const calls = state.calls.filter((call) => call !== undefined);
  if (calls.length > 1 && !allowSeveral) {
    const error = toolError(
      'several_calls',
      `received ${calls.length} tool calls in one reply; call exactly one tool and wait for its result`,
    );
    return calls.map((call, index) => ({ kind: 'error', error, id: call.id || `call_${index}` }));
  }
  return calls.map((call, index): NativeCallParse => {
    const id = call.id || `call_${index}`;
    if (call.name === '')
      return { kind: 'error', id, error: toolError('missing_name', 'the tool call has no function name') };
    const parsed = parseCallJson(JSON.stringify({ name: names.toolName(call.name), arguments: call.argumentsText }));
    return 'error' in parsed
      ? { kind: 'error', id, error: parsed.error }
      : { kind: 'call', call: { ...parsed.call, id } };
  });
}

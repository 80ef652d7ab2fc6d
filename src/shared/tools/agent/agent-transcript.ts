// A run's conversation, kept independent of the tool protocol so that a run
// that falls back from native to prompt mid-way can replay what happened so
// far in the other shape: a native call becomes a <tool_call> block, its
// `role: "tool"` result a <tool_response> user turn.
import type { ChatMessage, ToolCall as WireToolCall } from '../../chat/types';
import { TOOL_CALL_CLOSE, TOOL_CALL_OPEN } from './parse-tool-call';
import type { ToolProtocol } from './tool-protocol';
import { toolResponseMessage, toolResultText, type ToolResponseInput } from './tool-response';

/** One native call as the model made it. */
export interface NativeCallRecord {
  /** the tool_call_id its result must carry */
  id: string;
  /** the function name on the wire (service__tool for service@tool) */
  wireName: string;
  /** our tool name */
  name: string;
  argumentsText: string;
}

/** One entry of the conversation. */
export type TranscriptTurn =
  /** the caller's messages, prompt-protocol replies, the loop's warnings */
  | { kind: 'message'; message: ChatMessage }
  /** an assistant reply with native tool calls */
  | { kind: 'native_calls'; content: string; calls: NativeCallRecord[] }
  /** a tool's result; `callId` when it answers a native call */
  | { kind: 'result'; response: ToolResponseInput; callId?: string; wireName?: string };

/** The messages for the next request, in the shape `protocol` speaks. */
export function renderTranscript(turns: readonly TranscriptTurn[], protocol: ToolProtocol): ChatMessage[] {
  return turns.map((turn): ChatMessage => {
    if (turn.kind === 'message') return turn.message;
    if (turn.kind === 'result') {
      if (protocol === 'native' && turn.callId !== undefined) {
        const message: ChatMessage = { role: 'tool', toolCallId: turn.callId, content: toolResultText(turn.response) };
        if (turn.wireName !== undefined) message.name = turn.wireName;
        return message;
      }
      return toolResponseMessage(turn.response) as ChatMessage;
    }
    if (protocol === 'native') {
      const toolCalls = turn.calls.map((call): WireToolCall => ({ id: call.id, type: 'function', function: { name: call.wireName, arguments: wireArguments(call.argumentsText) } }));
      return { role: 'assistant', content: turn.content, toolCalls };
    }
    const blocks = turn.calls.map((call) => `${TOOL_CALL_OPEN}${JSON.stringify({ name: call.name, arguments: jsonOr(call.argumentsText, call.argumentsText) })}${TOOL_CALL_CLOSE}`);
    return { role: 'assistant', content: [turn.content.trim(), ...blocks].filter((part) => part !== '').join('\n') };
  });
}

// llama-server parses the arguments of earlier calls to render them with the template, and
// fails the whole request on broken JSON; the model already got the parse error as the result.
function wireArguments(text: string): string {
  const value = jsonOr(text, undefined);
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? text : '{}';
}

function jsonOr<T>(text: string, fallback: T): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return fallback;
  }
}

// A run's conversation, kept independent of the tool protocol so that a run
// that falls back from native to prompt mid-way can replay what happened so
// far in the other shape: a native call becomes a <tool_call> block, its
// `role: "tool"` result a <tool_response> user turn.
//
// Images a tool returned reach a model that can see as `image_url` parts:
// on the <tool_response> user turn (prompt protocol), or on one user message
// after the turn's tool messages (native: a tool message carries text only,
// and nothing may come between an assistant's tool_calls and their results).
// Either way the result's text says where the images are, or that the model
// cannot see them, so it never believes it looked at something it did not.
import type { ChatMessage, ContentPart, ToolCall as WireToolCall } from '../../chat/types';
import { TOOL_CALL_CLOSE, TOOL_CALL_OPEN } from './parse-tool-call';
import type { ToolProtocol } from './tool-protocol';
import {
  formatToolResponse,
  toolResponseMessage,
  toolResultText,
  type ModelImage,
  type ToolResponseInput,
} from './tool-response';

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

/** What the next request may carry besides text. */
export interface TranscriptOptions {
  /** the endpoint takes images: tools' images go to the model as image_url parts */
  images?: boolean;
}

/** The messages for the next request, in the shape `protocol` speaks. */
export function renderTranscript(
  turns: readonly TranscriptTurn[],
  protocol: ToolProtocol,
  options: TranscriptOptions = {},
): ChatMessage[] {
  const messages: ChatMessage[] = [];
  // Native results' images wait until the turn's last tool message.
  let waiting: ModelImage[] = [];
  const flush = (): void => {
    if (waiting.length > 0)
      messages.push({
        role: 'user',
        content: [{ type: 'text', text: imagesIntro(waiting.length) }, ...imageParts(waiting)],
      });
    waiting = [];
  };
  for (const turn of turns) {
    const nativeResult = turn.kind === 'result' && protocol === 'native' && turn.callId !== undefined;
    if (!nativeResult) flush();
    if (turn.kind === 'message') {
      messages.push(turn.message);
      continue;
    }
    if (turn.kind === 'result') {
      const images = turn.response.images ?? [];
      const send = options.images === true && images.length > 0;
      const response =
        images.length === 0
          ? turn.response
          : {
              ...turn.response,
              output: withLine(
                turn.response.output,
                imageNote(images.length, send ? (nativeResult ? 'next' : 'here') : 'none'),
              ),
            };
      if (nativeResult) {
        const message: ChatMessage = { role: 'tool', toolCallId: turn.callId, content: toolResultText(response) };
        if (turn.wireName !== undefined) message.name = turn.wireName;
        messages.push(message);
        if (send) waiting.push(...images);
      } else if (send) {
        messages.push({
          role: 'user',
          content: [{ type: 'text', text: formatToolResponse(response) }, ...imageParts(images)],
        });
      } else {
        messages.push(toolResponseMessage(response) as ChatMessage);
      }
      continue;
    }
    if (protocol === 'native') {
      const toolCalls = turn.calls.map((call): WireToolCall => ({
        id: call.id,
        type: 'function',
        function: { name: call.wireName, arguments: wireArguments(call.argumentsText) },
      }));
      messages.push({ role: 'assistant', content: turn.content, toolCalls });
      continue;
    }
    const blocks = turn.calls.map(
      (call) =>
        `${TOOL_CALL_OPEN}${JSON.stringify({ name: call.name, arguments: jsonOr(call.argumentsText, call.argumentsText) })}${TOOL_CALL_CLOSE}`,
    );
    messages.push({
      role: 'assistant',
      content: [turn.content.trim(), ...blocks].filter((part) => part !== '').join('\n'),
    });
  }
  flush();
  return messages;
}

/** Where the result's images are, in the words the model reads. */
function imageNote(count: number, where: 'here' | 'next' | 'none'): string {
  const them = count === 1 ? 'The image' : `The ${count} images`;
  if (where === 'here') return `(${them} ${count === 1 ? 'is' : 'are'} attached to this message.)`;
  if (where === 'next')
    return `(${them} ${count === 1 ? 'is' : 'are'} attached to the user message after the tool results.)`;
  return `(${them} ${count === 1 ? 'was' : 'were'} shown to the user in the step card; this model cannot be shown images, so do not describe ${count === 1 ? 'it' : 'them'}.)`;
}

function withLine(text: string, line: string): string {
  const body = text.trimEnd();
  return body === '' ? line : `${body}\n${line}`;
}

function imagesIntro(count: number): string {
  return count === 1
    ? 'The image returned by the tool call above:'
    : `The ${count} images returned by the tool calls above, in order:`;
}

function imageParts(images: readonly ModelImage[]): ContentPart[] {
  return images.map((image): ContentPart => ({ type: 'image_url', image_url: { url: image.dataUrl } }));
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

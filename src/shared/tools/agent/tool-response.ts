// How a tool's result goes back to the model. Prompt protocol: a user turn with
// a <tool_response> block. Native protocol: a role "tool" message carrying the
// tool_call_id. Both say the status plainly so a failed call reads as failed.
import type { ToolError, ToolRunStatus } from '../tool-types';

/** The part of a run result the model is shown. */
export interface ToolResponseInput {
  name: string;
  status: ToolRunStatus | 'denied';
  output: string;
  error?: ToolError;
  /** images the tool returned, in a type a vision model takes; sent only to one (agent-transcript.ts) */
  images?: ModelImage[];
}

/** An image as an `image_url` part carries it. */
export interface ModelImage {
  mimeType: string;
  dataUrl: string;
}

/** The text of a result, same for both protocols. */
export function toolResultText(result: ToolResponseInput): string {
  const body = result.output.trimEnd();
  if (result.status === 'ok') return body === '' ? '(no output)' : body;
  const head = result.error ? `error (${result.error.code}): ${result.error.message}` : `status: ${result.status}`;
  return body === '' || body === result.error?.message ? head : `${head}\n${body}`;
}

/** The user-turn content that feeds a result back in the prompt protocol. */
export function formatToolResponse(result: ToolResponseInput): string {
  return `<tool_response name="${result.name}" status="${result.status}">\n${toolResultText(result)}\n</tool_response>`;
}

/** A chat message carrying a result, ready for /v1/chat/completions. */
export type ToolResponseMessage =
  { role: 'user'; content: string } | { role: 'tool'; tool_call_id: string; content: string };

export function toolResponseMessage(result: ToolResponseInput, toolCallId?: string): ToolResponseMessage {
  return toolCallId === undefined
    ? { role: 'user', content: formatToolResponse(result) }
    : { role: 'tool', tool_call_id: toolCallId, content: toolResultText(result) };
}

/** The nudge fed back once when an agent-mode reply calls no tool, instead of ending the run. */
export const NO_TOOL_CALL_WARNING =
  '[Warning] Every reply must call exactly one tool. If the task is finished, call "answer" with your final response.';

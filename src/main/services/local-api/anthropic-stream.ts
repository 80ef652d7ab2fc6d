// A streamed chat answer as Anthropic's Messages stream: each chat chunk in,
// the SSE text of the events it makes out (message_start, a content block's
// start, deltas and stop for text, reasoning and each tool call, then
// message_delta with the stop reason and counts, and message_stop). Pure.
import { stopReasonOf, type StopReason } from './anthropic-messages';
import type { UsageFigures } from './usage-figures';

interface ToolCallPart {
  index?: number;
  id?: string;
  function?: { name?: string; arguments?: string };
}

interface ChatChunk {
  choices?: {
    finish_reason?: string | null;
    delta?: {
      content?: string | null;
      reasoning_content?: string | null;
      tool_calls?: ToolCallPart[];
    };
  }[];
  usage?: { prompt_tokens?: number; completion_tokens?: number };
  timings?: { prompt_n?: number; predicted_n?: number };
  error?: { message?: string } | string;
}

type Open = { kind: 'text' } | { kind: 'thinking' } | { kind: 'tool'; call: number };

export interface MessagesStream {
  /** message_start: sent once the model's server has answered */
  start(): string;
  /** the events one chat chunk makes (none for a chunk with nothing new) */
  chunk(chunk: unknown): string;
  /** the last events: the open block's stop, message_delta and message_stop; an error event when it ended early */
  end(): string;
  /** an error event (the stream is over after it) */
  error(message: string): string;
  /** whether the answer ended: its last events, or an error, were made */
  ended(): boolean;
  figures(): UsageFigures;
}

export const sseEvent = (type: string, data: unknown): string => `event: ${type}\ndata: ${JSON.stringify(data)}\n\n`;

export function messagesStream(id: string, model: string): MessagesStream {
  let index = -1;
  let open: Open | null = null;
  let stopReason: StopReason | null = null;
  let promptTokens: number | null = null;
  let completionTokens: number | null = null;
  let over = false;
  /** each tool call's id and name by its chat index, for arguments that come after another block was opened */
  const calls = new Map<number, { id: string; name: string }>();

  const close = (): string => {
    if (!open) return '';
    open = null;
    return sseEvent('content_block_stop', { type: 'content_block_stop', index });
  };
  const openBlock = (next: Open, block: unknown): string => {
    const stopped = close();
    index += 1;
    open = next;
    return stopped + sseEvent('content_block_start', { type: 'content_block_start', index, content_block: block });
  };
  const delta = (body: unknown) => sseEvent('content_block_delta', { type: 'content_block_delta', index, delta: body });

  const toolEvents = (parts: ToolCallPart[]) => {
    let out = '';
    for (const [position, part] of parts.entries()) {
      const at = part.index ?? position;
      const known = calls.get(at);
      if (!(open?.kind === 'tool' && open.call === at)) {
        const record = known ?? { id: part.id || `${id}_tool_${at}`, name: part.function?.name ?? '' };
        calls.set(at, record);
        out += openBlock({ kind: 'tool', call: at }, { type: 'tool_use', ...record, input: {} });
      }
      const args = part.function?.arguments;
      if (args) out += delta({ type: 'input_json_delta', partial_json: args });
    }
    return out;
  };

  return {
    start: () =>
      sseEvent('message_start', {
        type: 'message_start',
        message: {
          id,
          type: 'message',
          role: 'assistant',
          model,
          content: [],
          stop_reason: null,
          stop_sequence: null,
          usage: { input_tokens: 0, output_tokens: 0 },
        },
      }),
    chunk(raw) {
      if (over || !raw || typeof raw !== 'object') return '';
      const chunk = raw as ChatChunk;
      if (chunk.error) {
        const message = typeof chunk.error === 'string' ? chunk.error : chunk.error.message;
        return this.error(message || 'the model server failed mid-answer');
      }
      if (chunk.usage) {
        promptTokens = chunk.usage.prompt_tokens ?? promptTokens;
        completionTokens = chunk.usage.completion_tokens ?? completionTokens;
      } else if (chunk.timings) {
        promptTokens = chunk.timings.prompt_n ?? promptTokens;
        completionTokens = chunk.timings.predicted_n ?? completionTokens;
      }
      let out = '';
      const choice = chunk.choices?.[0];
      const part = choice?.delta;
      if (part?.reasoning_content) {
        if (open?.kind !== 'thinking') out += openBlock({ kind: 'thinking' }, { type: 'thinking', thinking: '' });
        out += delta({ type: 'thinking_delta', thinking: part.reasoning_content });
      }
      if (part?.content) {
        if (open?.kind !== 'text') out += openBlock({ kind: 'text' }, { type: 'text', text: '' });
        out += delta({ type: 'text_delta', text: part.content });
      }
      if (part?.tool_calls?.length) out += toolEvents(part.tool_calls);
      if (choice?.finish_reason) stopReason = stopReasonOf(choice.finish_reason);
      return out;
    },
    end() {
      if (over) return '';
      if (stopReason === null) return this.error('the model server ended the answer before it was finished');
      over = true;
      const usage: Record<string, number> = { output_tokens: completionTokens ?? 0 };
      if (promptTokens !== null) usage.input_tokens = promptTokens;
      return (
        close() +
        sseEvent('message_delta', {
          type: 'message_delta',
          delta: { stop_reason: stopReason, stop_sequence: null },
          usage,
        }) +
        sseEvent('message_stop', { type: 'message_stop' })
      );
    },
    error(message) {
      if (over) return '';
      over = true;
      return sseEvent('error', { type: 'error', error: { type: 'api_error', message } });
    },
    ended: () => over,
    figures: () => ({ promptTokens, completionTokens }),
  };
}

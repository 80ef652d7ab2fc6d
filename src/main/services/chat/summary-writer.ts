// The summary requests of a compaction (@shared/chat/compaction), made with the
// chat service's own send to the send's endpoint, unrecorded, like a title. Each
// runs under an id of its own, noted against the send it is for, so a Stop of
// that send stops its summary too; a request that failed or was stopped rejects
// with why, which the planner turns into a notice (nothing is lost).
import type { SummaryWriter } from '@shared/chat/compaction';
import type { ChatSendInput } from '@shared/chat/schemas';
import type { ChatResult } from '@shared/contract';

/** Low, so the summary keeps to what was said. */
const SUMMARY_TEMPERATURE = 0.2;

export function summaryWriter(
  send: (input: ChatSendInput) => Promise<ChatResult>,
  /** the send's request id → the summary request it waits on now */
  running: Map<string, string>,
): SummaryWriter {
  return async ({ requestId, part, endpoint, systemPrompt, messages, maxTokens }) => {
    const id = `summary-${part}-${requestId}`.slice(0, 100);
    running.set(requestId, id);
    try {
      const result = await send({
        mode: 'chat',
        requestId: id,
        endpoint,
        systemPrompt,
        messages,
        sampling: { max_tokens: maxTokens, temperature: SUMMARY_TEMPERATURE },
        idSlot: null,
      });
      if (result.status === 'error') throw new Error(result.error?.message ?? 'the request failed');
      if (result.status === 'stopped') throw new Error('it was stopped');
      return { text: result.content, ...(result.author?.model ? { model: result.author.model } : {}) };
    } finally {
      running.delete(requestId);
    }
  };
}

// One column's answer to one turn: the request through the chat service (the
// same body, stream and reduction as a chat), the time to its first token as
// the core sees it, the resident set of the model's server sampled while it
// answers, and the figures the server reports at the end.
import { answerFigures } from '@shared/compare/compare-figures';
import type { CompareAnswer, CompareMemorySource } from '@shared/compare/compare-types';
import type { ChatSendInput } from '@shared/chat/schemas';
import type { StreamingMessage } from '@shared/chat/types';
import type { ChatService } from '../chat/chat-service';
import { sampleMemory } from './memory-sampler';

export interface AnswerTarget {
  /** the key the compare chat service resolves to this column's server (chat-target.ts `poolServer`) */
  key: string;
  /** the process whose resident set is the model's memory, or null when it cannot be found */
  pid: number | null;
  memorySource: CompareMemorySource;
  nCtx: number | null;
  /** how long its server took to start for this answer; null: it was running already */
  loadMs: number | null;
}

export interface AnswerDeps {
  chat: Pick<ChatService, 'send'>;
  readResident: (pid: number) => Promise<number | null>;
  clock?: () => number;
  sampleIntervalMs?: number;
}

export interface AnswerRequest {
  requestId: string;
  systemPrompt: string;
  messages: Extract<ChatSendInput, { mode: 'chat' }>['messages'];
  sampling: ChatSendInput['sampling'];
  /** each batch's state, as the chat service reduced it */
  onState?: (state: StreamingMessage) => void;
}

export async function answerOnce(
  deps: AnswerDeps,
  target: AnswerTarget,
  request: AnswerRequest,
): Promise<CompareAnswer> {
  const clock = deps.clock ?? (() => performance.now());
  const pid = target.pid;
  const sampler = pid === null ? null : sampleMemory(() => deps.readResident(pid), deps.sampleIntervalMs);
  const sentAt = clock();
  let firstTokenAt: number | null = null;
  const input: ChatSendInput = {
    requestId: request.requestId,
    mode: 'chat',
    endpoint: { kind: 'local', model: target.key },
    systemPrompt: request.systemPrompt,
    messages: request.messages,
    sampling: request.sampling,
    idSlot: null,
  };
  try {
    const result = await deps.chat.send(input, (state) => {
      if (firstTokenAt === null && (state.content !== '' || state.reasoning !== '')) firstTokenAt = clock();
      request.onState?.(state);
    });
    const memory = sampler ? await sampler.stop() : { peakBytes: null, samples: 0 };
    const measured = memory.samples > 0;
    return {
      status: result.status === 'done' ? 'done' : result.status === 'stopped' ? 'stopped' : 'error',
      content: result.content,
      reasoning: result.reasoning,
      error: result.error ? { ...result.error } : null,
      figures: answerFigures({
        timings: result.timings,
        usage: result.usage,
        ttftMs: firstTokenAt === null ? null : firstTokenAt - sentAt,
        nCtx: target.nCtx,
        peakRssBytes: memory.peakBytes,
        rssSamples: memory.samples,
        memorySource: measured ? target.memorySource : 'none',
        loadMs: target.loadMs,
      }),
    };
  } catch (error) {
    await sampler?.stop();
    throw error;
  }
}

// One question and its streamed answer, as the terminal commands ask it: the
// answer goes to stdout as it comes, the exchange is saved in the history by
// the core (`record`), and Ctrl+C stops the answer, keeping what arrived.
import { randomUUID } from 'node:crypto';
import type { EndpointRef, SendFit } from '@shared/chat/schemas';
import type { StructuredOutput } from '@shared/chat/structured-output';
import type { ChatMessage, SamplingSettings } from '@shared/chat/types';
import type { ChatResult } from '@shared/contract';
import type { CoreSession } from './core-session';
import type { EvaOutput } from './eva-output';

export interface TurnInput {
  endpoint: EndpointRef;
  systemPrompt: string;
  sampling: SamplingSettings;
  /** the conversation so far, the new question last */
  messages: ChatMessage[];
  record: {
    conversationId: string;
    parentId: string | null;
    answerId: string;
    question?: { id: string; content: string };
    create?: Record<string, unknown>;
  };
  /**
   * Continue: the last message is the cut-off answer; the stream repeats its text first, which the terminal already
   * shows
   */
  continueAnswer?: boolean;
  /** the answer must fit this JSON schema */
  structuredOutput?: StructuredOutput;
  /** how the core fits it to the context (`--overflow`); absent: sent as it is */
  fit?: SendFit;
}

export interface TurnOutcome {
  result: ChatResult;
  /** Ctrl+C stopped it */
  interrupted: boolean;
}

export async function sendTurn(
  input: TurnInput,
  session: CoreSession,
  out: EvaOutput,
  onInterrupt: (handler: () => void) => () => void,
): Promise<TurnOutcome> {
  const requestId = randomUUID();
  let wrote = false;
  // Continue: the saved text comes back first (continuation.ts); only what follows is new on the screen.
  let shown = input.continueAnswer ? String(input.messages.at(-1)?.content ?? '').length : 0;
  const stopListening = session.on('chat:stream', ({ requestId: id, events }) => {
    if (id !== requestId) return;
    for (const event of events) {
      if (event.type !== 'content' || event.text === '') continue;
      const fresh = shown > 0 ? event.text.slice(shown) : event.text;
      shown = Math.max(0, shown - event.text.length);
      if (fresh === '') continue;
      out.text(fresh);
      wrote = true;
    }
    // Nobody reads any more: stop the answer (it is saved as far as it came).
    if (out.closed) void session.invoke('chat:stop', { requestId });
  });
  let interrupted = false;
  const release = onInterrupt(() => {
    interrupted = true;
    void session.invoke('chat:stop', { requestId });
  });
  try {
    const result = await session.invoke('chat:send', {
      mode: 'chat',
      requestId,
      endpoint: input.endpoint,
      systemPrompt: input.systemPrompt,
      messages: input.messages,
      sampling: input.sampling,
      idSlot: null,
      record: input.record as never,
      ...(input.continueAnswer ? { continueAnswer: true } : {}),
      ...(input.structuredOutput ? { structuredOutput: input.structuredOutput } : {}),
      ...(input.fit ? { fit: input.fit } : {}),
    });
    if (!out.json && wrote) out.text('\n');
    return { result, interrupted };
  } finally {
    release();
    stopListening();
  }
}

/**
 * The record of a first question: the conversation is created with it, as the window does (with the schema its
 * answers must fit, where there is one, so the window holds it to that too).
 */
export function firstRecord(
  question: string,
  endpoint: EndpointRef,
  model: string,
  systemPrompt: string,
  sampling: SamplingSettings,
  structuredOutput?: StructuredOutput,
): TurnInput['record'] {
  return {
    conversationId: randomUUID(),
    parentId: null,
    answerId: randomUUID(),
    question: { id: randomUUID(), content: question },
    create: {
      endpoint:
        endpoint.kind === 'local'
          ? { kind: 'local', baseUrl: '', model }
          : { kind: 'link', baseUrl: '', model: '', linkId: endpoint.linkId },
      systemPrompt,
      sampling,
      ...(structuredOutput ? { structuredOutput } : {}),
    },
  };
}

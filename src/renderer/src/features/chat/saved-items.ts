// How a saved conversation becomes the rows on screen: the active branch's user
// and assistant messages, each answer with its saved status (a cut-off one says
// so; one still being answered shows as streaming until the page re-attaches).
import { contentText as storedText } from '@shared/history/message-text';
import { chatImageOf } from '@shared/images/chat-image';
import type { OpenedConversation, StoredMessage } from '@shared/history/types';
import { savedRun } from './agent-answer';
import { EMPTY_COUNTER } from './chat-stats';
import type { AnswerState, ChatItem } from './conversation';

/** The answer fields of a saved assistant message; an answer cut off by a crash says so. */
export function answerFromStored(message: StoredMessage): AnswerState {
  const base: AnswerState = {
    content: storedText(message.content),
    reasoning: message.reasoning ?? '',
    toolCalls: message.toolCalls ?? [],
    timings: (message.timings as unknown as AnswerState['timings']) ?? null,
    usage: message.usage ?? null,
    finishReason: null,
    status: 'done',
    slotId: null,
    ...(message.notices?.length ? { notices: message.notices } : {}),
    // Its own endpoint and model, not the one in use now.
    ...(message.author ? { author: message.author } : {}),
    ...(message.schemaCheck ? { schemaCheck: message.schemaCheck } : {}),
  };
  switch (message.status) {
    case 'complete':
      return base;
    case 'stopped':
      return { ...base, status: 'stopped' };
    case 'error':
      return { ...base, status: 'error', error: message.error ?? { code: 'error', message: 'the request failed' } };
    case 'interrupted':
      return interruptedAnswer(base);
    case 'partial':
      // Still being answered (the core calls a partial that nothing streams any more interrupted): the page re-attaches
      // to it.
      return { ...base, status: 'streaming' };
  }
}

/** A saved answer that nothing will finish: cut off by a quit or crash, what had arrived kept. */
export function interruptedAnswer(answer: AnswerState): AnswerState {
  return {
    ...answer,
    status: 'error',
    error: { code: 'interrupted', message: 'This answer was cut off when EVA closed; what had arrived is kept.' },
  };
}

/** The run id under which a saved answer's agent steps are shown. */
export function savedRunId(messageId: string): string {
  return `saved:${messageId}`;
}

/** The active branch as chat items; system and tool messages are not rows of their own. */
export function itemsFromHistory(opened: Pick<OpenedConversation, 'messages' | 'activePath' | 'meta'>): ChatItem[] {
  const byId = new Map(opened.messages.map((m) => [m.id, m]));
  const items: ChatItem[] = [];
  for (const id of opened.activePath) {
    const message = byId.get(id);
    if (!message) continue;
    if (message.role === 'user') items.push({ kind: 'user', id, parentId: message.parentId, content: message.content });
    else if (message.role === 'assistant') {
      const image = chatImageOf(message.extra);
      items.push({
        kind: 'assistant',
        id,
        parentId: message.parentId,
        requestId: savedRunId(id),
        answer: answerFromStored(message),
        counter: EMPTY_COUNTER,
        dropped: 0,
        nCtx: opened.meta.nCtx,
        ...(savedRun(message) ? { agentRun: true } : {}),
        ...(message.citations?.length ? { citations: message.citations } : {}),
        ...(image ? { image } : {}),
      });
    }
  }
  return items;
}

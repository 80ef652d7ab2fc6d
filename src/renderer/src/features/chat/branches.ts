// The conversation's tree as the chat view needs it: which messages are
// siblings (an edit or a regeneration adds one, seed 002), so a row can show
// ‹ 2/3 ›, and how a saved conversation becomes the list of items on screen.
import { contentText as storedText } from '@shared/history/message-text';
import type { OpenedConversation, StoredMessage } from '@shared/history/types';
import { EMPTY_COUNTER } from './chat-stats';
import { savedRun } from './agent-answer';
import type { AnswerState, ChatItem } from './conversation';

/** Children of each message, oldest first; roots are under ROOT. */
export type Branches = ReadonlyMap<string, readonly string[]>;

export const ROOT = '';
export const NO_BRANCHES: Branches = new Map();

export function parentKey(parentId: string | null): string {
  return parentId ?? ROOT;
}

export function addChild(branches: Branches, parentId: string | null, id: string): Branches {
  const key = parentKey(parentId);
  const siblings = branches.get(key) ?? [];
  if (siblings.includes(id)) return branches;
  return new Map(branches).set(key, [...siblings, id]);
}

export function branchesOf(messages: readonly Pick<StoredMessage, 'id' | 'parentId' | 'createdAt'>[]): Branches {
  const out = new Map<string, string[]>();
  const ordered = [...messages].sort((a, b) => a.createdAt - b.createdAt);
  for (const message of ordered) {
    const key = parentKey(message.parentId);
    const list = out.get(key) ?? [];
    list.push(message.id);
    out.set(key, list);
  }
  return out;
}

/** Where `id` stands among its siblings; null when it has none. */
export function siblingPosition(branches: Branches, parentId: string | null, id: string): { index: number; count: number; ids: readonly string[] } | null {
  const ids = branches.get(parentKey(parentId)) ?? [];
  const index = ids.indexOf(id);
  return ids.length > 1 && index >= 0 ? { index, count: ids.length, ids } : null;
}

/** The answer fields of a saved assistant message; an answer cut off by a crash says so. */
export function answerFromStored(message: StoredMessage): AnswerState {
  const base: AnswerState = {
    content: storedText(message.content),
    reasoning: message.reasoning ?? '',
    toolCalls: message.toolCalls ?? [],
    timings: (message.timings as unknown as AnswerState['timings']) ?? null,
    usage: null,
    finishReason: null,
    status: 'done',
    slotId: null,
  };
  switch (message.status) {
    case 'complete':
      return base;
    case 'stopped':
      return { ...base, status: 'stopped' };
    case 'error':
      return { ...base, status: 'error', error: message.error ?? { code: 'error', message: 'the request failed' } };
    case 'interrupted':
    case 'partial':
      return { ...base, status: 'error', error: { code: 'interrupted', message: 'This answer was cut off when EVA closed; what had arrived is kept.' } };
  }
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
      items.push({ kind: 'assistant', id, parentId: message.parentId, requestId: savedRunId(id), answer: answerFromStored(message), counter: EMPTY_COUNTER, dropped: 0, nCtx: opened.meta.nCtx, ...(savedRun(message) ? { agentRun: true } : {}) });
    }
  }
  return items;
}

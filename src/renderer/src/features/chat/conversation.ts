// The conversation as the chat view holds it, and the pure operations on it.
// Items are immutable: an operation returns new arrays and keeps untouched
// items as the same objects, so memoised rows stay asleep.
import type { ChatMessage, ContentPart, StreamingMessage } from '@shared/chat/types';
import type { ChatResult } from '@shared/contract';
import type { KnowledgeHit } from '@shared/knowledge/knowledge-types';
import type { ChatImage } from '@shared/images/chat-image';
import { NO_BRANCHES, type Branches } from './branches';
import { EMPTY_COUNTER, type TokenCounter } from './chat-stats';

/** Why an answer failed: a stream error or a failed call, both `{code, message}`. */
export interface AnswerError {
  code: string;
  message: string;
  /** e.g. `{ action: 'reload' }`: the answer offers to load the model again */
  details?: Record<string, unknown>;
}

/** The state of an answer as the list shows it (the stream reducer's state without its bookkeeping). */
export type AnswerState = Omit<StreamingMessage, 'internal' | 'error'> & { error?: AnswerError; elapsedMs?: number };

/** Failed because the local model is gone (crashed, or its load failed): the answer offers Reload. */
/**
 * Whether an answer can be continued: a plain answer cut off (stopped, failed, interrupted by a
 * crash, or at its token limit) goes on from its text, when it has text and no tool call
 * (llama-server cannot continue those); an agent run that was stopped, failed or interrupted
 * resumes after its last completed step.
 */
export function offersContinue(item: AnswerItem): boolean {
  const { answer } = item;
  const cut = answer.status === 'stopped' || answer.status === 'error';
  if (item.agentRun) return cut;
  if (item.image || answer.content === '' || answer.toolCalls.length > 0) return false;
  return cut || (answer.status === 'done' && answer.finishReason === 'length');
}

export function offersReload(answer: AnswerState): boolean {
  return answer.status === 'error' && answer.error?.details?.action === 'reload';
}

export interface UserItem {
  kind: 'user';
  id: string;
  /** the message it follows in the conversation tree (null: the first) */
  parentId: string | null;
  content: string | ContentPart[];
}

export interface AnswerItem {
  kind: 'assistant';
  id: string;
  parentId: string | null;
  requestId: string;
  answer: AnswerState;
  counter: TokenCounter;
  /** older messages left out to fit the context when this answer was asked for */
  dropped: number;
  /** the context size known when it was asked for (local model only) */
  nCtx: number | null;
  /** the answer of an agent run: its step and approval cards are shown with it (run id = requestId) */
  agentRun?: boolean;
  /** a saved answer's knowledge-base citations (a new answer's come with its request's `knowledge:citations`) */
  citations?: readonly KnowledgeHit[];
  /** a picture put into the chat (the image page, or "New seed"): shown instead of its text, which is for the model */
  image?: ChatImage;
}

export type ChatItem = UserItem | AnswerItem;

export interface ConversationState {
  /** the saved conversation these items belong to; null until the first message is sent */
  id: string | null;
  /** the active branch, root first */
  items: readonly ChatItem[];
  /** every message's children, for ‹ 2/3 › */
  branches: Branches;
  /** the request being streamed; its answer is the last item */
  activeRequestId: string | null;
  /** the llama-server slot of the last answer, reused for a KV-cache hit on the same endpoint */
  slot: { endpointKey: string; slotId: number } | null;
}

export const EMPTY_CONVERSATION: ConversationState = {
  id: null,
  items: [],
  branches: NO_BRANCHES,
  activeRequestId: null,
  slot: null,
};

export function streamingAnswer(): AnswerState {
  return {
    content: '',
    reasoning: '',
    toolCalls: [],
    timings: null,
    usage: null,
    finishReason: null,
    status: 'streaming',
    slotId: null,
  };
}

/** The answer a ChatResult describes. A result still marked streaming (a core that returned early) counts as done. */
export function answerFromResult(result: ChatResult): AnswerState {
  const { requestId: _requestId, ...answer } = result;
  return { ...answer, status: answer.status === 'streaming' ? 'done' : answer.status };
}

/** The partial answer of a call that failed as a whole (no model, link missing, connection lost). */
export function failedAnswer(partial: StreamingMessage | AnswerState, error: AnswerError): AnswerState {
  const { internal: _internal, ...rest } = partial as StreamingMessage;
  return { ...rest, status: 'error', error };
}

export function newAnswerItem(
  id: string,
  parentId: string | null,
  requestId: string,
  dropped: number,
  nCtx: number | null,
): AnswerItem {
  return {
    kind: 'assistant',
    id,
    parentId,
    requestId,
    answer: streamingAnswer(),
    counter: EMPTY_COUNTER,
    dropped,
    nCtx,
  };
}

/** Replace the answer of one request; other items stay the same objects. */
export function settleAnswer(
  items: readonly ChatItem[],
  requestId: string,
  answer: AnswerState,
  counter: TokenCounter,
): readonly ChatItem[] {
  const index = items.findIndex((item) => item.kind === 'assistant' && item.requestId === requestId);
  if (index < 0) return items;
  const next = [...items];
  next[index] = { ...(items[index] as AnswerItem), answer, counter };
  return next;
}

/** Everything before the item with this id (the item itself goes too). */
export function itemsBefore(items: readonly ChatItem[], id: string): readonly ChatItem[] {
  const index = items.findIndex((item) => item.id === id);
  return index < 0 ? items : items.slice(0, index);
}

export function lastAnswer(items: readonly ChatItem[]): AnswerItem | null {
  const last = items.at(-1);
  return last?.kind === 'assistant' ? last : null;
}

/** The text of a message for Copy and for token estimates: text parts only. */
export function contentText(content: string | readonly ContentPart[]): string {
  if (typeof content === 'string') return content;
  return content
    .filter((part): part is Extract<ContentPart, { type: 'text' }> => part.type === 'text')
    .map((part) => part.text)
    .join('\n\n');
}

/**
 * The messages to send: roles and content only (reasoning, counters and the
 * like are the UI's). An answer that produced no text is left out, and user
 * turns that end up next to each other are merged: many chat templates
 * insist that roles alternate.
 */
export function toChatMessages(items: readonly ChatItem[]): ChatMessage[] {
  const out: ChatMessage[] = [];
  for (const item of items) {
    if (item.kind === 'assistant') {
      if (item.answer.content !== '') out.push({ role: 'assistant', content: item.answer.content });
      continue;
    }
    const previous = out.at(-1);
    if (previous?.role === 'user')
      out[out.length - 1] = {
        role: 'user',
        content: mergeContent(previous.content as string | ContentPart[], item.content),
      };
    else out.push({ role: 'user', content: item.content });
  }
  return out;
}

/**
 * For each message toChatMessages makes of these items, the id of the item it was made from (the last one, where user
 * turns were merged): the core finds the summary standing in for them by these (@shared/history/checkpoints).
 */
export function toChatMessageIds(items: readonly ChatItem[]): string[] {
  const ids: string[] = [];
  let lastRole: 'user' | 'assistant' | null = null;
  for (const item of items) {
    if (item.kind === 'assistant') {
      if (item.answer.content === '') continue;
      ids.push(item.id);
      lastRole = 'assistant';
    } else if (lastRole === 'user') ids[ids.length - 1] = item.id;
    else {
      ids.push(item.id);
      lastRole = 'user';
    }
  }
  return ids;
}

function mergeContent(a: string | ContentPart[], b: string | ContentPart[]): string | ContentPart[] {
  if (typeof a === 'string' && typeof b === 'string') return `${a}\n\n${b}`;
  const parts = (content: string | ContentPart[]): ContentPart[] =>
    typeof content === 'string' ? (content === '' ? [] : [{ type: 'text', text: content }]) : content;
  return [...parts(a), ...parts(b)];
}

/** The key that says two requests went to the same server (so a slot id means the same thing). */
export function endpointKey(endpoint: { kind: 'local'; model?: string } | { kind: 'link'; linkId: string }): string {
  // Each pool model has its own server and slots.
  if (endpoint.kind === 'local') return endpoint.model ? `local:${endpoint.model}` : 'local';
  return `link:${endpoint.linkId}`;
}

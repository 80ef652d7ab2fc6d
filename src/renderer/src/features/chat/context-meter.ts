// The composer's live token count: what the next send would carry (the open
// conversation plus the draft), counted by `chat:count-tokens` 300 ms after the
// last keystroke. An answer that arrives after a newer question is dropped, and
// nothing is counted while an answer streams (the count would change per token).
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { OverflowPolicy } from '@shared/chat/overflow-policy';
import type { TokenCount } from '@shared/chat/context-types';
import type { EvaApi } from '../../platform/types';
import type { Timers } from '../../lib/timers';
import type { SettingsStore } from '../settings/settings-store';
import type { ChatStore } from './chat-store-types';
import { toContent } from './attachments';
import { promptBudget } from '@shared/chat/budget';
import { effectiveChat } from './conversation-conventions';
import { toChatMessages } from './conversation';

export const COUNT_DELAY_MS = 300;
/** Share of the budget from which the meter warns. */
const NEAR_PERCENT = 80;

export interface ContextMeter {
  count: StoreApi<TokenCount | null>;
  /** follow the draft, the conversation and the settings; returns the teardown */
  start(): () => void;
}

export function createContextMeter({
  api,
  app,
  chat,
  timers,
  delayMs = COUNT_DELAY_MS,
}: {
  api: EvaApi;
  app: SettingsStore;
  chat: ChatStore;
  timers: Timers;
  delayMs?: number;
}): ContextMeter {
  const count = createStore<TokenCount | null>()(() => null);
  let timer: unknown = null;
  let ticket = 0;

  const measure = async (): Promise<void> => {
    const settings = app.store.getState().settings;
    const { items, activeRequestId } = chat.conversation.getState();
    if (!settings || activeRequestId !== null) return;
    const mine = ++ticket;
    const chatSettings = effectiveChat(settings.chat, chat.conventions.getState());
    const draft = chat.draft.getState();
    const messages = toChatMessages(items);
    if (draft.text.trim() !== '' || draft.attachments.length > 0)
      messages.push({ role: 'user', content: toContent(draft.text, draft.attachments) });
    const result = await api.invoke('chat:count-tokens', {
      endpoint: chatSettings.endpoint,
      systemPrompt: chatSettings.systemPrompt,
      messages,
    });
    if (mine !== ticket || !result.ok) return;
    count.setState(result.value, true);
  };

  const schedule = (): void => {
    if (timer !== null) timers.clearTimeout(timer);
    timer = null;
    ticket++;
    if (chat.conversation.getState().activeRequestId !== null) return;
    timer = timers.setTimeout(() => {
      timer = null;
      void measure();
    }, delayMs);
  };

  return {
    count,
    start: () => {
      const offs = [chat.draft, chat.conversation, chat.conventions, app.store].map((store) =>
        (store as StoreApi<unknown>).subscribe(schedule),
      );
      offs.push(chat.props.subscribe(schedule));
      schedule();
      return () => {
        for (const off of offs) off();
        if (timer !== null) timers.clearTimeout(timer);
        ticket++;
      };
    },
  };
}

export type MeterLevel = 'ok' | 'near' | 'over' | 'full';

export interface MeterView {
  tokens: number;
  exact: boolean;
  nCtx: number;
  /** the most prompt tokens that leave the answer its room */
  budget: number;
  level: MeterLevel;
  /** what a send would do now */
  action: 'send' | 'trim' | 'window' | 'refuse';
}

/**
 * What the meter shows; null while the context size is unknown (a hosted API).
 * `hasEarlier`: the conversation has exchanges before the draft; without them there is nothing to leave out.
 */
export function meterView(
  count: TokenCount | null,
  nCtx: number | null,
  maxTokens: number | undefined,
  policy: OverflowPolicy,
  hasEarlier = true,
): MeterView | null {
  const size = count?.nCtx ?? nCtx;
  if (!count || !size || size <= 0) return null;
  const budget = promptBudget(size, maxTokens);
  const level: MeterLevel =
    count.tokens >= size
      ? 'full'
      : count.tokens > budget
        ? 'over'
        : count.tokens * 100 >= budget * NEAR_PERCENT
          ? 'near'
          : 'ok';
  const over = count.tokens > budget;
  const action = !over
    ? 'send'
    : policy === 'stop' || !hasEarlier
      ? 'refuse'
      : policy === 'rolling-window'
        ? 'window'
        : 'trim';
  return { tokens: count.tokens, exact: count.exact, nCtx: size, budget, level, action };
}

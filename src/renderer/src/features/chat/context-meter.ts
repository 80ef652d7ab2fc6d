// The composer's live meter: what the next send would carry (the open
// conversation plus the draft), as the core's own plan of it (`chat:plan` with
// `measure`, @shared/chat/send-planner): the knowledge passages and the tool
// list in, a summary in place of what it covers, the overflow policy's cut
// made. Asked 300 ms after the last
// keystroke; an answer that arrives after a newer question is dropped, and
// nothing is asked while an answer streams (the count would change per token).
// A send never waits on it: it plans for itself (send-fit.ts).
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { OverflowPolicy } from '@shared/chat/overflow-policy';
import type { TokenCount } from '@shared/chat/context-types';
import type { SendPlan } from '@shared/chat/send-plan';
import type { EvaApi } from '../../platform/types';
import type { Timers } from '../../lib/timers';
import type { SettingsStore } from '../settings/settings-store';
import type { ChatStore } from './chat-store-types';
import { toContent } from './attachments';
import { promptBudget } from '@shared/chat/budget';
import { nextSend } from './next-send';
import { rememberSummary } from './summaries';

export const COUNT_DELAY_MS = 300;
/** Share of the budget from which the meter warns. */
const NEAR_PERCENT = 80;

/** The next send as the plan makes it: `tokens` is the whole prompt, before the cut. */
export interface MeterCount extends TokenCount {
  /** messages the overflow policy leaves out, and the size of what is then sent */
  dropped: number;
  sent: number;
  /** the knowledge passages', the tool list's and the summary's part of `tokens` */
  passageTokens: number;
  toolTokens: number;
  summaryTokens: number;
  /** `compact`: it does not fit, and the send will have the model summarise first */
  compactDue: boolean;
}

export interface ContextMeter {
  count: StoreApi<MeterCount | null>;
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
  const count = createStore<MeterCount | null>()(() => null);
  let timer: unknown = null;
  let ticket = 0;

  const measure = async (): Promise<void> => {
    if (chat.conversation.getState().activeRequestId !== null) return;
    const mine = ++ticket;
    // The request a send would make now (chat-request.ts), the draft as its question.
    const next = nextSend(app, chat, `meter-${mine}`);
    if (!next) return;
    const { request, tools, nCtx } = next;
    const draft = chat.draft.getState();
    if (draft.text.trim() !== '' || draft.attachments.length > 0)
      request.messages.push({ role: 'user', content: toContent(draft.text, draft.attachments) });
    if (request.messages.length === 0) {
      // Nothing to send yet (a send needs a message): only the system prompt is counted, with no passages or cut.
      const { endpoint, systemPrompt } = request;
      const counted = await api.invoke('chat:count-tokens', { endpoint, systemPrompt, messages: [] });
      if (mine !== ticket || !counted.ok) return;
      const { tokens } = counted.value;
      count.setState({ ...counted.value, ...NOTHING_ELSE, sent: tokens }, true);
      return;
    }
    const result = await api.invoke('chat:plan', { ...request, ...tools, measure: true });
    if (mine !== ticket || !result.ok) return;
    // A summary written for a send, or by another window, is marked in the transcript too.
    if (result.value.ok) rememberSummary(chat.summaries, result.value.summary);
    count.setState(meterCount(result.value, nCtx), true);
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
      offs.push(chat.props.subscribe(schedule), chat.useTools.subscribe(schedule), chat.overflow.subscribe(schedule));
      offs.push(chat.conversationTools.subscribe(schedule), chat.toolSelection.subscribe(schedule));
      offs.push(chat.summaries.subscribe(schedule));
      schedule();
      return () => {
        for (const off of offs) off();
        if (timer !== null) timers.clearTimeout(timer);
        ticket++;
      };
    },
  };
}

const NOTHING_ELSE = { dropped: 0, passageTokens: 0, toolTokens: 0, summaryTokens: 0, compactDue: false } as const;

/** The plan as the meter reads it; a refused plan is its whole prompt, nothing left out. */
export function meterCount(plan: SendPlan, nCtx: number | null): MeterCount {
  if (!plan.ok) {
    const { tokens, exact, toolTokens = 0 } = plan.refusal;
    return { ...NOTHING_ELSE, tokens, exact, nCtx: plan.refusal.nCtx, sent: tokens, toolTokens };
  }
  const sent = plan.tokens ?? 0;
  return {
    tokens: plan.whole ?? sent,
    exact: plan.exact,
    nCtx,
    dropped: plan.dropped,
    sent,
    passageTokens: plan.passageTokens ?? 0,
    toolTokens: plan.toolTokens ?? 0,
    summaryTokens: plan.summaryTokens ?? 0,
    compactDue: plan.compactDue === true,
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
  action: 'send' | 'trim' | 'window' | 'compact' | 'refuse';
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
        : policy === 'compact'
          ? 'compact'
          : 'trim';
  return { tokens: count.tokens, exact: count.exact, nCtx: size, budget, level, action };
}

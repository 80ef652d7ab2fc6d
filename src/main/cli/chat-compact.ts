// Compaction in `eva chat`, as the window has it: with `--overflow <policy>`
// each question is fitted by the core (its planner, `compact` included: a
// summary written first when the conversation would not fit), and `/compact`
// has the model summarise the older exchanges now; its summary stands in for
// them from the next question on, with or without `--overflow`. The conversation's saved
// message ids say which messages a summary may stand in for.
import { DEFAULT_OVERFLOW_POLICY, type OverflowPolicy } from '@shared/chat/overflow-policy';
import type { EndpointRef, SendFit } from '@shared/chat/schemas';
import type { ChatMessage, SamplingSettings } from '@shared/chat/types';
import type { CoreSession } from './core-session';

/** What `/compact` and a fitted question need of the REPL's conversation. */
export interface CompactTarget {
  endpoint: EndpointRef;
  systemPrompt: string;
  sampling: SamplingSettings;
  conversation: { id: string | null; messages: ChatMessage[]; ids: string[] };
}

/** The endpoint's context per request, as its server says; null where it does not (a hosted API). */
async function contextOf(session: CoreSession, endpoint: EndpointRef): Promise<number | null> {
  const props = await session.invoke('chat:props', { endpoint });
  return props?.nCtx ?? null;
}

/**
 * How the core fits a question, with the saved messages it follows: by `--overflow`; without it nothing is left out
 * (no n_ctx), but a summary made with /compact still stands in for what it covers. Undefined: sent as it is.
 */
export async function questionFit(
  session: CoreSession,
  policy: OverflowPolicy | null,
  target: CompactTarget,
): Promise<SendFit | undefined> {
  const { id, ids } = target.conversation;
  const saved = id !== null && ids.length > 0 ? { saved: { conversationId: id, ids } } : {};
  if (policy === null) return 'saved' in saved ? { nCtx: null, policy: DEFAULT_OVERFLOW_POLICY, ...saved } : undefined;
  return { nCtx: await contextOf(session, target.endpoint), policy, ...saved };
}

/** `/compact`: summarises all but the last few exchanges; the line to show (the core's reason when it could not). */
export async function compactNow(session: CoreSession, policy: OverflowPolicy | null, target: CompactTarget) {
  const { id, messages, ids } = target.conversation;
  if (id === null || messages.length === 0) return 'nothing to summarise yet';
  const { plan, checkpoint } = await session.invoke('chat:compact', {
    mode: 'chat',
    requestId: `compact-${checkpointStamp()}`,
    endpoint: target.endpoint,
    systemPrompt: target.systemPrompt,
    messages,
    sampling: target.sampling,
    idSlot: null,
    fit: {
      nCtx: await contextOf(session, target.endpoint),
      policy: policy ?? 'compact',
      saved: { conversationId: id, ids },
    },
  });
  const covered = plan.ok ? (plan.summary?.covered ?? 0) : 0;
  const size = plan.ok && plan.summaryTokens ? `, ${plan.summaryTokens} tokens` : '';
  const what = covered === 1 ? '1 message' : `${covered} messages`;
  return `summarised ${what} (checkpoint ${checkpoint.id}${size}); they stay in the history`;
}

function checkpointStamp(): string {
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}

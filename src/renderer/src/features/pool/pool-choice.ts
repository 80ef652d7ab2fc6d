// Which pool model a conversation answers with: the one picked for it, else
// the one picked last (a new conversation starts where the user was), else a
// loaded one, else the first. A pick of a model the pool no longer has is
// passed over.
import type { PoolStatus } from '@shared/pool/pool-types';

export interface PoolChoices {
  /** conversation id (or NEW_CONVERSATION) → model id */
  byConversation: Readonly<Record<string, string>>;
  lastPicked: string | null;
}

/** The key of the conversation not yet saved (its first question creates it). */
export const NEW_CONVERSATION = '';

export function poolModelFor(
  status: PoolStatus | null,
  choices: PoolChoices,
  conversationId: string | null,
): string | null {
  if (!status || status.state !== 'ready' || status.models.length === 0) return null;
  const has = (id: string | null | undefined): id is string => !!id && status.models.some((model) => model.id === id);
  const own = choices.byConversation[conversationId ?? NEW_CONVERSATION];
  if (has(own)) return own;
  if (has(choices.lastPicked)) return choices.lastPicked;
  return (status.models.find((model) => model.state === 'loaded') ?? status.models[0]!).id;
}

// A saved conversation keeps the system prompt and sampling it was held with.
// When it is opened they apply to that conversation only, held in memory: they
// never become the global settings (an imported file's system prompt would
// otherwise stay the default for every later conversation). The Parameters panel
// says which values it edits: this conversation's (set here) or the defaults for
// new chats (the settings); a change to the defaults leaves a conversation's own.
import { createStore, type StoreApi } from 'zustand/vanilla';
import { SamplingSchema, type ChatSettings } from '@shared/chat/schemas';
import type { ConversationMeta } from '@shared/history/types';

/** What an open conversation brings of its own. */
export interface HeldConventions {
  systemPrompt?: string;
  sampling?: ChatSettings['sampling'];
}

/** The conventions saved with a conversation, where it has any (an imported one may have none). */
export function conventionsOf(meta: Pick<ConversationMeta, 'systemPrompt' | 'sampling'>): HeldConventions | null {
  const held: HeldConventions = {};
  if (meta.systemPrompt !== '') held.systemPrompt = meta.systemPrompt;
  const sampling = SamplingSchema.safeParse(meta.sampling);
  if (sampling.success && Object.keys(sampling.data).length > 0) held.sampling = sampling.data;
  return Object.keys(held).length > 0 ? held : null;
}

/** The chat settings a request in this conversation uses. */
export function effectiveChat(chat: ChatSettings, held: HeldConventions | null): ChatSettings {
  return held ? { ...chat, ...held } : chat;
}

/** The open conversation's own system prompt and sampling; null while it follows the defaults. */
export type ConversationConventions = StoreApi<HeldConventions | null>;

export function createConversationConventions(): ConversationConventions {
  return createStore<HeldConventions | null>()(() => null);
}

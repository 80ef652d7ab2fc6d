// Choosing the open conversation's overflow policy: kept in the chat store so the
// next send uses it, and saved in the conversation's meta once it has one (a new
// conversation is created with it on its first send: chat-store's recordTarget).
import type { OverflowPolicy } from '@shared/chat/overflow-policy';
import type { EvaApi } from '../../platform/types';
import type { ChatStore } from './chat-store-types';

export async function setConversationOverflow(
  api: EvaApi,
  chat: Pick<ChatStore, 'overflow' | 'conversation' | 'contextRefusal'>,
  policy: OverflowPolicy | null,
): Promise<boolean> {
  chat.overflow.setState(policy, true);
  chat.contextRefusal.setState(null, true);
  const id = chat.conversation.getState().id;
  if (id === null) return true;
  const saved = await api.invoke('history:set-overflow', { id, overflow: policy });
  return saved.ok;
}

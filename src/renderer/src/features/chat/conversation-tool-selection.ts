// Choosing the open conversation's tools: kept in the chat store so the next run
// offers exactly them, and saved in the conversation's meta once it has one (a new
// conversation is created with it on its first send: chat-store's recordTarget).
import type { ToolSelection } from '@shared/tools/tool-selection';
import type { EvaApi } from '../../platform/types';
import type { ChatStore } from './chat-store-types';

export async function setConversationToolSelection(
  api: EvaApi,
  chat: Pick<ChatStore, 'toolSelection' | 'conversation' | 'contextRefusal'>,
  selection: ToolSelection | null,
): Promise<boolean> {
  const next = selection && selection.off.length > 0 ? selection : null;
  chat.toolSelection.setState(next, true);
  chat.contextRefusal.setState(null, true);
  const id = chat.conversation.getState().id;
  if (id === null) return true;
  const saved = await api.invoke('history:set-tool-selection', { id, toolSelection: next });
  return saved.ok;
}

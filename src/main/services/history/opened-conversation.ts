// What opening a conversation hands back: the saved messages with the live
// streams at their newest, and the branch on show.
import { buildTree, pathTo, resolveActiveLeaf } from '@shared/history/tree';
import type { HistoryNotice, OpenedConversation, StoredMessage } from '@shared/history/types';
import type { ConversationState } from './conversation-files';

export function openedConversation(
  state: ConversationState,
  live: readonly StoredMessage[],
  notices: HistoryNotice[],
): OpenedConversation {
  const messages = new Map(state.messages);
  for (const message of live) messages.set(message.id, message);
  const list = [...messages.values()];
  const tree = buildTree(list);
  const activeLeafId = resolveActiveLeaf(tree, state.meta);
  return {
    meta: { ...state.meta },
    messages: list,
    activeLeafId,
    activePath: pathTo(tree, activeLeafId).map((m) => m.id),
    readOnly: state.readOnly,
    notices,
  };
}

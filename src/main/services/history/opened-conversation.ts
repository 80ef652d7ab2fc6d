// What opening a conversation hands back: the saved messages with the live
// streams at their newest, the branch on show, and the summaries that still hold.
import { holdingCheckpoints } from '@shared/history/checkpoints';
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
  const checkpoints = holdingCheckpoints(tree, state.checkpoints);
  return {
    meta: { ...state.meta },
    messages: list,
    activeLeafId,
    activePath: pathTo(tree, activeLeafId).map((m) => m.id),
    readOnly: state.readOnly,
    notices,
    ...(checkpoints.length > 0 ? { checkpoints } : {}),
  };
}

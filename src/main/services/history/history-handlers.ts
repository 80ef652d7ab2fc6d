// The contract's history:* handlers. The history module keeps the conversations;
// the slot keeper (instant reopen) is told when the user leaves one, and forgets
// the slot files of conversations deleted.
import type { ChannelsOf, InvokeHandlers } from '@shared/contract';
import type { SlotKeeper } from '../chat/slot-cache/slot-keeper';
import type { HistoryOperations } from './history-operations';

export function historyHandlers(
  history: HistoryOperations,
  slots: Pick<SlotKeeper, 'leave' | 'forget' | 'forgetAll'>,
): Pick<InvokeHandlers, ChannelsOf<'history'>> {
  return {
    'history:list': async (input) => history.list(input?.ids),
    'history:open': async ({ id }) => {
      // Leaving a conversation saves its slot while the user reads or types (instant reopen).
      void slots.leave(id);
      return history.open(id);
    },
    'history:leave': async () => {
      // The same for a new conversation: its first question must not wait for the save.
      void slots.leave(null);
      return {};
    },
    'history:create': async (init) => history.create(init),
    'history:select-branch': async ({ conversationId, messageId }) => history.selectBranch(conversationId, messageId),
    'history:rename': async ({ id, title }) => history.rename(id, title),
    'history:pin': async ({ id, pinned }) => history.pin(id, pinned),
    'history:set-conventions': async ({ id, systemPrompt, sampling }) =>
      history.setConventions(id, systemPrompt, sampling),
    'history:set-overflow': async ({ id, overflow }) => history.setOverflow(id, overflow),
    'history:set-tool-selection': async ({ id, toolSelection }) => history.setToolSelection(id, toolSelection),
    'history:set-structured-output': async ({ id, structuredOutput }) =>
      history.setStructuredOutput(id, structuredOutput),
    'history:delete': async ({ ids }) => {
      const result = await history.delete(ids);
      await slots.forget(ids);
      return result;
    },
    'history:clear': async () => {
      const result = await history.clear();
      await slots.forgetAll();
      return result;
    },
    'history:undo-delete': async ({ token }) => history.undoDelete(token),
    'history:search': async ({ query, limit }) => history.search(query, limit),
    'history:export': async ({ ids, format }) => history.export(ids, format),
    'history:import': async ({ text }) => history.import(text),
  };
}

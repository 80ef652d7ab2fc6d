// The history area in the core: its history:* handlers (history-handlers.ts)
// over what it does (history-operations.ts), and what the other areas use of it:
// the chat area's recorder, the agent's recorded runs, the images put into a
// conversation.
import { historyHandlers } from './history-handlers';
import { historyOperations, type HistoryDeps } from './history-operations';

export type { HistoryOperations } from './history-operations';

/** The conversation cache is told when the user leaves a conversation and when one is deleted (instant reopen). */
export type HistoryModuleDeps = HistoryDeps & { slots: NonNullable<HistoryDeps['slots']> };

export function openHistory(deps: HistoryModuleDeps) {
  const history = historyOperations(deps);
  return { ...history, handlers: historyHandlers(history, deps.slots) };
}

export type HistoryModule = ReturnType<typeof openHistory>;

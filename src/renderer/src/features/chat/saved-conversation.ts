// What the chat store keeps beside the conversation: which saved conversation
// was open (so a reload shows it again), and the step cards of saved agent runs.
// The drafts being typed are kept by composer-drafts.ts.
import type { StoredMessage } from '@shared/history/types';
import type { AgentStore } from '../agent/agent-store';
import { savedRun } from './agent-answer';
import { savedRunId } from './saved-items';

export interface LastOpened {
  get(): string | null;
  set(id: string | null): void;
}

/** The browser's storage where there is one (a page reload keeps it), else memory. */
export function storageLastOpened(
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null = typeof localStorage === 'undefined'
    ? null
    : localStorage,
): LastOpened {
  const KEY = 'eva.chat.lastConversation';
  let memory: string | null = null;
  return {
    get: () => (storage ? storage.getItem(KEY) : memory),
    set: (id) => {
      memory = id;
      if (!storage) return;
      if (id === null) storage.removeItem(KEY);
      else storage.setItem(KEY, id);
    },
  };
}

/** Saved agent answers show their step cards again. Their consent does not come back: the user gives it anew. */
export function showSavedRuns(agent: AgentStore, conversationId: string, messages: readonly StoredMessage[]): void {
  for (const message of messages) {
    const run = savedRun(message);
    if (!run) continue;
    const runId = savedRunId(message.id);
    if (!agent.getRun(runId)) {
      agent.startRun(runId, { conversationId });
      agent.finishRun(runId, run);
    }
  }
}

// What the chat store keeps beside the conversation: which saved conversation
// was open (so a reload shows it again), the text being typed (so a reload or a
// crash of the page does not lose it), and the step cards of saved agent runs.
import type { StoredMessage } from '../../../../shared/history/types';
import type { Store } from '../../lib/store';
import type { AgentStore } from '../agent/agent-store';
import { savedRun } from './agent-answer';
import { savedRunId } from './branches';

export interface LastOpened {
  get(): string | null;
  set(id: string | null): void;
}

/** The browser's storage where there is one (a page reload keeps it), else memory. */
export function storageLastOpened(storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null = typeof localStorage === 'undefined' ? null : localStorage): LastOpened {
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

type SmallStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/**
 * Keeps the composer's text in the browser's storage: written a moment after
 * typing stops (not on every key), removed at once when it is sent or cleared.
 * Attachments are not kept: images and audio are too big for it.
 */
export function persistDraftText<D extends { text: string }>(
  draft: Store<D>,
  storage: SmallStorage | null = typeof localStorage === 'undefined' ? null : localStorage,
  timers: { setTimeout: (fn: () => void, ms: number) => unknown; clearTimeout: (id: unknown) => void } = { setTimeout: (fn, ms) => setTimeout(fn, ms), clearTimeout: (id) => clearTimeout(id as ReturnType<typeof setTimeout>) },
  delayMs = 300,
): () => void {
  const KEY = 'eva.chat.draft';
  if (!storage) return () => undefined;
  const kept = storage.getItem(KEY);
  if (kept && draft.get().text === '') draft.set((current) => ({ ...current, text: kept }));
  let pending: unknown = null;
  let last = draft.get().text;
  return draft.subscribe(() => {
    const text = draft.get().text;
    if (text === last) return;
    last = text;
    if (pending !== null) timers.clearTimeout(pending);
    pending = null;
    if (text === '') {
      storage.removeItem(KEY);
      return;
    }
    pending = timers.setTimeout(() => {
      pending = null;
      storage.setItem(KEY, text);
    }, delayMs);
  });
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


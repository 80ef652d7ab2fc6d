// The text being typed survives a reload: kept in storage a moment after typing
// stops, restored when the page starts, removed once it is sent.
import { describe, expect, it } from 'vitest';
import { createStore } from '../../lib/store';
import { persistDraftText } from './saved-conversation';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

function manualTimers() {
  const pending = new Map<number, () => void>();
  let next = 1;
  return {
    setTimeout: (fn: () => void) => (pending.set(next, fn), next++),
    clearTimeout: (id: unknown) => void pending.delete(id as number),
    runAll: () => {
      for (const [id, fn] of [...pending]) {
        pending.delete(id);
        fn();
      }
    },
  };
}

describe('draft text', () => {
  it('is written once typing pauses, restored on the next page, and removed at once when sent', () => {
    const storage = memoryStorage();
    const timers = manualTimers();
    const draft = createStore({ text: '', attachments: [] as unknown[] });
    persistDraftText(draft, storage, timers);
    draft.set((d) => ({ ...d, text: 'a long question I am still wri' }));
    draft.set((d) => ({ ...d, text: 'a long question I am still writing' }));
    expect(storage.items.size).toBe(0);
    timers.runAll();
    expect(storage.getItem('eva.chat.draft')).toBe('a long question I am still writing');

    // The page reloads (or crashed): a new store finds the text again.
    const reloaded = createStore({ text: '', attachments: [] as unknown[] });
    persistDraftText(reloaded, storage, timers);
    expect(reloaded.get().text).toBe('a long question I am still writing');

    // Sent: the composer clears it, and storage forgets it without waiting.
    reloaded.set((d) => ({ ...d, text: '' }));
    expect(storage.items.size).toBe(0);
  });

  it('without storage it does nothing', () => {
    const draft = createStore({ text: 'x', attachments: [] as unknown[] });
    persistDraftText(draft, null)();
    expect(draft.get().text).toBe('x');
  });
});

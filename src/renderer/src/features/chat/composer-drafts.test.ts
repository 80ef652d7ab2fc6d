// The composer's drafts in plain Node: kept per conversation, written once
// typing pauses (or at once when the page goes away), restored after a reload,
// forgotten the moment a send is accepted, and never lost to a refused send.
import { describe, expect, it } from 'vitest';
import { createStore } from 'zustand/vanilla';
import { createMemoryPlatform } from '../../platform/memory-platform';
import { createSettingsStore } from '../settings/settings-store';
import { createStatusStore } from '../status/status-store';
import type { Attachment } from './attachments';
import { createChatStore, type Draft } from './chat-store';
import { DRAFTS_KEY, keepDrafts } from './composer-drafts';
import { createStreamFollower } from './stream-follower';

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
    pending,
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

const stored = (storage: ReturnType<typeof memoryStorage>): Record<string, string> =>
  Object.fromEntries(
    Object.entries(JSON.parse(storage.getItem(DRAFTS_KEY) ?? '{}') as Record<string, { text: string }>).map(
      ([key, entry]) => [key, entry.text],
    ),
  );

/** A page: its own draft and conversation stores over shared storage. */
function page(storage: ReturnType<typeof memoryStorage>, timers = manualTimers()) {
  const draft = createStore<Draft>()(() => ({ text: '', attachments: [] }));
  const conversation = createStore<{ id: string | null }>()(() => ({ id: null }));
  let hide: () => void = () => undefined;
  const keeping = keepDrafts({
    draft,
    conversation,
    storage,
    timers,
    onPageHide: (flush) => ((hide = flush), () => undefined),
    now: () => 1,
  });
  const type = (text: string) => draft.setState((d) => ({ ...d, text }), true);
  return { draft, conversation, timers, keeping, type, hide: () => hide() };
}

const image = {
  id: 'img',
  kind: 'image',
  name: 'shot.png',
  dataUrl: 'data:image/png;base64,AA',
  format: '',
  size: 1,
} as unknown as Attachment;

describe('composer drafts', () => {
  it('are written once typing pauses, restored by the next page, and forgotten at once when emptied', () => {
    const storage = memoryStorage();
    const first = page(storage);
    first.type('a long question I am still wri');
    first.type('a long question I am still writing');
    expect(storage.items.size).toBe(0);
    expect(first.timers.pending.size).toBe(1);
    first.timers.runAll();
    expect(stored(storage)).toEqual({ '': 'a long question I am still writing' });

    // The page reloads (or crashed): a new one finds the text again.
    const reloaded = page(storage);
    expect(reloaded.draft.getState().text).toBe('a long question I am still writing');
    reloaded.type('');
    expect(storage.items.size).toBe(0);
  });

  it('the last keys typed are written when the page goes away, without waiting', () => {
    const storage = memoryStorage();
    const p = page(storage);
    p.type('typed just before reload');
    p.hide();
    expect(stored(storage)).toEqual({ '': 'typed just before reload' });
    expect(p.timers.pending.size).toBe(0);
  });

  it('follow their conversation: each one gets its own back, attachments included while the page lives', () => {
    const storage = memoryStorage();
    const p = page(storage);
    p.conversation.setState({ id: 'conv-a' }, true);
    p.draft.setState({ text: 'for A', attachments: [image] }, true);
    p.conversation.setState({ id: 'conv-b' }, true);
    // Leaving A wrote its draft at once; B starts empty.
    expect(stored(storage)).toEqual({ 'conv-a': 'for A' });
    expect(p.draft.getState()).toEqual({ text: '', attachments: [] });
    p.type('for B');
    p.conversation.setState({ id: null }, true);
    expect(p.draft.getState().text).toBe('');
    p.conversation.setState({ id: 'conv-a' }, true);
    expect(p.draft.getState()).toEqual({ text: 'for A', attachments: [image] });
    expect(stored(storage)).toEqual({ 'conv-a': 'for A', 'conv-b': 'for B' });

    // After a reload, B's text comes back when B is opened (attachments were in memory only).
    const reloaded = page(storage);
    expect(reloaded.draft.getState().text).toBe('');
    reloaded.conversation.setState({ id: 'conv-b' }, true);
    expect(reloaded.draft.getState()).toEqual({ text: 'for B', attachments: [] });
  });

  it('keep the newest drafts only, and read damaged storage as none', () => {
    const storage = memoryStorage();
    const draft = createStore<Draft>()(() => ({ text: '', attachments: [] }));
    const conversation = createStore<{ id: string | null }>()(() => ({ id: 'c0' }));
    let t = 0;
    keepDrafts({ draft, conversation, storage, timers: manualTimers(), onPageHide: null, now: () => ++t, maxKept: 2 });
    for (const id of ['c1', 'c2', 'c3']) {
      draft.setState((d) => ({ ...d, text: `draft ${id}` }), true);
      conversation.setState({ id }, true);
    }
    expect(Object.keys(stored(storage)).sort()).toEqual(['c1', 'c2']);
    storage.setItem(DRAFTS_KEY, '{"c1": {"text": 5}, "c2": null');
    expect(page(storage).draft.getState().text).toBe('');
  });

  it('without storage they still follow their conversation in memory', () => {
    const draft = createStore<Draft>()(() => ({ text: '', attachments: [] }));
    const conversation = createStore<{ id: string | null }>()(() => ({ id: null }));
    keepDrafts({ draft, conversation, storage: null, onPageHide: null });
    draft.setState({ text: 'kept in memory', attachments: [] }, true);
    conversation.setState({ id: 'x' }, true);
    conversation.setState({ id: null }, true);
    expect(draft.getState().text).toBe('kept in memory');
  });
});

describe('the chat store and its drafts', () => {
  async function chatPage(storage: ReturnType<typeof memoryStorage>, withSettings = true) {
    const api = createMemoryPlatform();
    const app = createSettingsStore(api);
    const status = createStatusStore(api);
    const follower = createStreamFollower(api, (callback) => callback());
    let n = 0;
    const chat = createChatStore({
      api,
      app,
      status,
      follower,
      newId: () => `id${++n}`,
      sleep: () => Promise.resolve(),
      draftStorage: storage,
      lastOpened: { get: () => null, set: () => undefined },
    });
    if (withSettings) await app.refresh();
    return chat;
  }

  it('a send empties the draft only once accepted: a refused one keeps every word', async () => {
    const storage = memoryStorage();
    const refusing = await chatPage(storage, false);
    refusing.draft.setState({ text: 'my question', attachments: [] }, true);
    expect(await refusing.send('my question')).toBe(false);
    expect(refusing.draft.getState().text).toBe('my question');

    const chat = await chatPage(storage);
    chat.draft.setState({ text: 'my question', attachments: [image] }, true);
    const sending = chat.send('my question');
    // Emptied at once, before the answer, and not kept as the draft of the conversation it created.
    expect(chat.draft.getState()).toEqual({ text: '', attachments: [] });
    expect(chat.conversation.getState().id).not.toBeNull();
    await sending;
    expect(storage.getItem(DRAFTS_KEY)).toBeNull();
    expect(chat.draft.getState().text).toBe('');
  });
});

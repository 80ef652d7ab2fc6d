// The composer's draft, one per conversation: what the user is writing in one
// conversation waits there while they look at another, and survives a reload
// or a crash of the page. The text is kept in the browser's storage a moment
// after typing stops (not on every key) and at once when the page goes away;
// attachments stay in memory only (images and audio are too big for it). A
// draft is forgotten the moment it is emptied, which is what an accepted send
// does, so a reload never brings back a question already sent.
import type { StoreApi } from 'zustand/vanilla';
import type { Draft } from './chat-store-types';

type SmallStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface DraftTimers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(id: unknown): void;
}

export interface DraftKeepingDeps {
  draft: StoreApi<Draft>;
  /** the conversation on screen; its id is null while it is new (not saved yet) */
  conversation: Pick<StoreApi<{ id: string | null }>, 'getState' | 'subscribe'>;
  /** default: localStorage where there is one; null: memory only */
  storage?: SmallStorage | null;
  timers?: DraftTimers;
  /** calls `flush` when the page goes away (a reload), so the last keys typed are kept too */
  onPageHide?: ((flush: () => void) => () => void) | null;
  now?: () => number;
  delayMs?: number;
  /** drafts kept in storage at most, newest first: conversations deleted since leave theirs behind */
  maxKept?: number;
}

export interface DraftKeeping {
  /** writes a pending draft now */
  flush(): void;
  stop(): void;
}

/** Where the drafts are kept: one key, `{ [conversationId or '' for a new one]: { text, at } }`. */
export const DRAFTS_KEY = 'eva.chat.drafts';

type Kept = Record<string, { text: string; at: number }>;

const keyOf = (conversationId: string | null): string => conversationId ?? '';

const realTimers: DraftTimers = {
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (id) => clearTimeout(id as ReturnType<typeof setTimeout>),
};

function pageHide(flush: () => void): () => void {
  window.addEventListener('pagehide', flush);
  return () => window.removeEventListener('pagehide', flush);
}

export function keepDrafts(deps: DraftKeepingDeps): DraftKeeping {
  const { draft, conversation } = deps;
  const storage =
    deps.storage === undefined ? (typeof localStorage === 'undefined' ? null : localStorage) : deps.storage;
  const timers = deps.timers ?? realTimers;
  const now = deps.now ?? Date.now;
  const maxKept = deps.maxKept ?? 50;

  const read = (): Kept => {
    try {
      const parsed: unknown = JSON.parse(storage?.getItem(DRAFTS_KEY) ?? '{}');
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
      const kept: Kept = {};
      for (const [key, value] of Object.entries(parsed as Record<string, unknown>)) {
        const entry = value as { text?: unknown; at?: unknown } | null;
        if (typeof entry?.text === 'string' && entry.text !== '')
          kept[key] = { text: entry.text, at: typeof entry.at === 'number' ? entry.at : 0 };
      }
      return kept;
    } catch {
      return {};
    }
  };
  const write = (key: string, text: string): void => {
    if (!storage) return;
    const kept = read();
    if (text === '') delete kept[key];
    else kept[key] = { text, at: now() };
    const newest = Object.entries(kept)
      .sort(([, a], [, b]) => b.at - a.at)
      .slice(0, maxKept);
    try {
      if (newest.length === 0) storage.removeItem(DRAFTS_KEY);
      else storage.setItem(DRAFTS_KEY, JSON.stringify(Object.fromEntries(newest)));
    } catch {
      // Storage full or refused: the draft is still on screen and in memory; only a reload would lose it.
    }
  };

  let key = keyOf(conversation.getState().id);
  /** drafts of the conversations not on screen, attachments included */
  const away = new Map<string, Draft>();
  let pending: { timer: unknown; key: string; text: string } | null = null;
  const flush = (): void => {
    if (!pending) return;
    const { timer, key: at, text } = pending;
    pending = null;
    timers.clearTimeout(timer);
    write(at, text);
  };

  const stored = read()[key]?.text;
  if (stored && draft.getState().text === '') draft.setState((current) => ({ ...current, text: stored }), true);
  let lastText = draft.getState().text;

  const offDraft = draft.subscribe(() => {
    const text = draft.getState().text;
    if (text === lastText) return;
    lastText = text;
    if (pending) timers.clearTimeout(pending.timer);
    pending = null;
    if (text === '') {
      write(key, '');
      return;
    }
    pending = { timer: timers.setTimeout(flush, deps.delayMs ?? 300), key, text };
  });

  const offConversation = conversation.subscribe(() => {
    const next = keyOf(conversation.getState().id);
    if (next === key) return;
    flush();
    const leaving = draft.getState();
    if (leaving.text !== '' || leaving.attachments.length > 0) away.set(key, leaving);
    else away.delete(key);
    key = next;
    const back = away.get(next) ?? { text: read()[next]?.text ?? '', attachments: [] };
    away.delete(next);
    lastText = back.text;
    draft.setState(back, true);
  });

  const onPageHide =
    deps.onPageHide === undefined ? (typeof window === 'undefined' ? null : pageHide) : deps.onPageHide;
  const offPageHide = onPageHide?.(flush) ?? (() => undefined);

  return {
    flush,
    stop: () => {
      flush();
      offDraft();
      offConversation();
      offPageHide();
    },
  };
}

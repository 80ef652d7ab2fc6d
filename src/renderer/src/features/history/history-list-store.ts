// The history manager's state: the list (patched with the conversations the
// core says changed, so a send in a long history does not fetch and render the
// whole list while the model answers), the search, and the undo window of a
// delete. Free of React.
import type { AppError } from '@shared/errors';
import type { ConversationSummary, SearchResult, TrashReceipt } from '@shared/history/types';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { patchList } from '@shared/history/list-order';
import type { EvaApi } from '../../platform/types';

export interface HistoryListState {
  conversations: readonly ConversationSummary[];
  loaded: boolean;
  query: string;
  /** null when no search is running */
  results: SearchResult | null;
  /** the last delete, undoable until `purgeAt` */
  undo: TrashReceipt | null;
  /** the titles of what the last delete removed, as the list had them ('' for an untitled one) */
  undoTitles: readonly string[];
  /** the titles of what the last import created, shown for a while; null when there is nothing to say */
  imported: readonly string[] | null;
}

export interface HistoryListStore {
  state: StoreApi<HistoryListState>;
  start(): () => void;
  refresh(): Promise<void>;
  search(query: string): Promise<void>;
  rename(id: string, title: string): Promise<boolean>;
  pin(id: string, pinned: boolean): Promise<boolean>;
  remove(ids: readonly string[]): Promise<TrashReceipt | null>;
  clearAll(): Promise<TrashReceipt | null>;
  /** brings back what the last delete removed; the ids restored */
  undo(): Promise<string[]>;
  exportFile(
    ids: readonly string[] | 'all',
    format: 'markdown' | 'json',
  ): Promise<{ text: string; fileName: string; mime: string } | null>;
  importText(text: string): Promise<string[]>;
}

export interface HistoryListDeps {
  api: EvaApi;
  /** a failed call: shown as a notice */
  report: (error: AppError) => void;
  now?: () => number;
  setTimer?: (callback: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

/** More changed at once than this (an import, a clear): the whole list is fetched again. */
const PATCH_MAX = 50;

/** How long the line saying what an import created stays. */
const IMPORTED_NOTE_MS = 10_000;

const INITIAL: HistoryListState = {
  conversations: [],
  loaded: false,
  query: '',
  results: null,
  undo: null,
  undoTitles: [],
  imported: null,
};

export function createHistoryListStore({
  api,
  report,
  now = Date.now,
  setTimer = (cb, ms) => setTimeout(cb, ms),
  clearTimer = (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
}: HistoryListDeps): HistoryListStore {
  const state = createStore<HistoryListState>()(() => INITIAL);
  let listTicket = 0;
  let searchTicket = 0;
  let undoTimer: unknown = null;
  let importedTimer: unknown = null;

  const call = async <T>(work: Promise<{ ok: true; value: T } | { ok: false; error: AppError }>): Promise<T | null> => {
    const result = await work;
    if (result.ok) return result.value;
    report(result.error);
    return null;
  };

  const refresh = async (): Promise<void> => {
    const ticket = ++listTicket;
    const listed = await call(api.invoke('history:list'));
    if (ticket !== listTicket || !listed) return;
    state.setState((current) => ({ ...current, conversations: listed.conversations, loaded: true }), true);
  };

  /** Only these conversations, fetched and put in place (a deleted one leaves); many at once: the whole list. */
  const update = async (ids: readonly string[]): Promise<void> => {
    if (!state.getState().loaded || ids.length === 0 || ids.length > PATCH_MAX) return refresh();
    const ticket = listTicket;
    const fresh = await call(api.invoke('history:list', { ids: [...ids] }));
    // A whole list asked for meanwhile has these as they are now, or newer.
    if (ticket !== listTicket || !fresh) return;
    state.setState(
      (current) => ({ ...current, conversations: patchList(current.conversations, ids, fresh.conversations) }),
      true,
    );
  };

  const search = async (query: string): Promise<void> => {
    const ticket = ++searchTicket;
    state.setState((current) => ({ ...current, query, results: query.trim() === '' ? null : current.results }), true);
    if (query.trim() === '') return;
    const found = await call(api.invoke('history:search', { query, limit: 100 }));
    if (ticket !== searchTicket || !found) return;
    state.setState((current) => ({ ...current, results: found }), true);
  };

  const offerUndo = (receipt: TrashReceipt): void => {
    if (undoTimer !== null) clearTimer(undoTimer);
    state.setState((current) => ({ ...current, undo: receipt }), true);
    undoTimer = setTimer(
      () => {
        undoTimer = null;
        state.setState(
          (current) => (current.undo?.token === receipt.token ? { ...current, undo: null } : current),
          true,
        );
      },
      Math.max(0, receipt.purgeAt - now()),
    );
  };

  const removing = async (
    work: () => Promise<{ ok: true; value: TrashReceipt } | { ok: false; error: AppError }>,
  ): Promise<TrashReceipt | null> => {
    // The titles as listed before the call: the core's change event may take the rows out before it answers.
    const before = state.getState().conversations;
    const receipt = await call(work());
    if (!receipt) return null;
    const gone = new Set(receipt.conversationIds);
    const titles = before.filter((c) => gone.has(c.id)).map((c) => c.title);
    // Gone from the list at once; the core's change event confirms it.
    state.setState(
      (current) => ({
        ...current,
        undoTitles: titles,
        conversations: current.conversations.filter((c) => !gone.has(c.id)),
      }),
      true,
    );
    offerUndo(receipt);
    return receipt;
  };

  return {
    state,
    start: () => {
      void refresh();
      const off = api.on('history:changed', ({ conversationIds }) => {
        void update(conversationIds);
        const { query } = state.getState();
        if (query.trim() !== '') void search(query);
      });
      return () => {
        off();
        if (undoTimer !== null) clearTimer(undoTimer);
        if (importedTimer !== null) clearTimer(importedTimer);
      };
    },
    refresh,
    search,
    rename: async (id, title) => (await call(api.invoke('history:rename', { id, title }))) !== null,
    pin: async (id, pinned) => (await call(api.invoke('history:pin', { id, pinned }))) !== null,
    remove: (ids) => removing(() => api.invoke('history:delete', { ids: [...ids] })),
    clearAll: () => removing(() => api.invoke('history:clear')),
    undo: async () => {
      const receipt = state.getState().undo;
      if (!receipt) return [];
      const restored = await call(api.invoke('history:undo-delete', { token: receipt.token }));
      state.setState((current) => (current.undo?.token === receipt.token ? { ...current, undo: null } : current), true);
      await refresh();
      return restored?.restored ?? [];
    },
    exportFile: (ids, format) => call(api.invoke('history:export', { ids: ids === 'all' ? 'all' : [...ids], format })),
    importText: async (text) => {
      const created = (await call(api.invoke('history:import', { text })))?.created;
      // A refused file was reported as a notice: nothing was imported to speak of.
      if (!created) return [];
      if (importedTimer !== null) clearTimer(importedTimer);
      importedTimer = null;
      state.setState((current) => ({ ...current, imported: created.map((meta) => meta.title) }), true);
      importedTimer = setTimer(() => {
        importedTimer = null;
        state.setState((current) => ({ ...current, imported: null }), true);
      }, IMPORTED_NOTE_MS);
      return created.map((meta) => meta.id);
    },
  };
}

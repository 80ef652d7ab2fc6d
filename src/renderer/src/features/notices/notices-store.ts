// Toasts from `app:notice` and from the renderer itself (e.g. a failed copy).
import { createStore, type StoreApi } from 'zustand/vanilla';
import { realTimers, type Timers } from '../../lib/timers';
import type { AppError, EvaApi } from '../../platform/types';
import { addToast, removeToast, toastExpiry, type Toast, type ToastNotice } from './notice-list';

export interface NoticesStore {
  store: StoreApi<readonly Toast[]>;
  start(): () => void;
  push(notice: ToastNotice): void;
  /** Show a failed call that has no other place in the UI, worded from its code (ui/app-error-text). */
  reportError(error: AppError): void;
  dismiss(id: number): void;
}

export function createNoticesStore(
  api: EvaApi,
  timers: Timers = realTimers(),
  now: () => number = Date.now,
): NoticesStore {
  const store = createStore<readonly Toast[]>()(() => []);
  const expiryTimers = new Map<number, unknown>();
  let nextId = 1;

  const dismiss = (id: number): void => {
    const timer = expiryTimers.get(id);
    if (timer !== undefined) timers.clearTimeout(timer);
    expiryTimers.delete(id);
    store.setState((toasts) => removeToast(toasts, id), true);
  };

  const push = (notice: ToastNotice): void => {
    const next = addToast(store.getState(), notice, nextId++, now());
    store.setState(next, true);
    for (const id of expiryTimers.keys()) if (!next.some((toast) => toast.id === id)) dismiss(id);
    const toast = next.at(-1);
    const expiry = toast ? toastExpiry(toast) : null;
    if (!toast || expiry === null) return;
    const existing = expiryTimers.get(toast.id);
    if (existing !== undefined) timers.clearTimeout(existing);
    expiryTimers.set(
      toast.id,
      timers.setTimeout(() => dismiss(toast.id), Math.max(0, expiry - now())),
    );
  };

  return {
    store,
    start: () => api.on('app:notice', push),
    push,
    reportError: (error) => push({ level: 'error', code: error.code, message: error.message, error }),
    dismiss,
  };
}

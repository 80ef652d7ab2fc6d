// Toasts for `app:notice`: the same notice again bumps a counter instead of stacking.
import type { Notice } from '@shared/contract';
import type { AppError } from '@shared/errors';

/** A notice, and for a failed call the AppError itself, which the toast words in the UI's language. */
export interface ToastNotice extends Notice {
  error?: AppError;
}

export interface Toast {
  id: number;
  notice: ToastNotice;
  count: number;
  /** epoch ms of the latest occurrence */
  at: number;
}

export const MAX_TOASTS = 5;
/** Info toasts go by themselves; warnings and errors wait to be dismissed. */
export const INFO_TOAST_MS = 8000;

export function addToast(
  toasts: readonly Toast[],
  notice: ToastNotice,
  id: number,
  at: number,
  max = MAX_TOASTS,
): Toast[] {
  const same = toasts.find(
    (toast) =>
      toast.notice.code === notice.code &&
      toast.notice.message === notice.message &&
      toast.notice.level === notice.level,
  );
  if (same) return [...toasts.filter((toast) => toast !== same), { ...same, count: same.count + 1, at }];
  const next = [...toasts, { id, notice, count: 1, at }];
  return next.length > max ? next.slice(next.length - max) : next;
}

export function removeToast(toasts: readonly Toast[], id: number): Toast[] {
  return toasts.filter((toast) => toast.id !== id);
}

/** When an info toast should disappear, or null when it stays until dismissed. */
export function toastExpiry(toast: Toast): number | null {
  return toast.notice.level === 'info' ? toast.at + INFO_TOAST_MS : null;
}

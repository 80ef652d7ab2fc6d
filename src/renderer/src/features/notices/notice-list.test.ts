import { describe, expect, it } from 'vitest';
import type { Notice } from '@shared/contract';
import { addToast, INFO_TOAST_MS, removeToast, toastExpiry } from './notice-list';

const notice = (message: string, level: Notice['level'] = 'info'): Notice => ({ level, code: 'c', message });

describe('toasts', () => {
  it('adds, then counts repeats instead of stacking them', () => {
    let toasts = addToast([], notice('a'), 1, 100);
    toasts = addToast(toasts, notice('b'), 2, 200);
    toasts = addToast(toasts, notice('a'), 3, 300);
    expect(toasts.map((t) => [t.id, t.count, t.at])).toEqual([
      [2, 1, 200],
      [1, 2, 300],
    ]);
  });

  it('keeps the newest max', () => {
    let toasts = addToast([], notice('a'), 1, 0, 2);
    toasts = addToast(toasts, notice('b'), 2, 0, 2);
    toasts = addToast(toasts, notice('c'), 3, 0, 2);
    expect(toasts.map((t) => t.notice.message)).toEqual(['b', 'c']);
  });

  it('removes by id', () => {
    const toasts = addToast(addToast([], notice('a'), 1, 0), notice('b'), 2, 0);
    expect(removeToast(toasts, 1).map((t) => t.id)).toEqual([2]);
  });

  it('lets info expire and keeps warnings and errors until dismissed', () => {
    const [info] = addToast([], notice('a'), 1, 1000);
    const [warning] = addToast([], notice('a', 'warning'), 1, 1000);
    expect(info && toastExpiry(info)).toBe(1000 + INFO_TOAST_MS);
    expect(warning && toastExpiry(warning)).toBeNull();
  });
});

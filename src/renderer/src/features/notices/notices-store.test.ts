import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryPlatform } from '../../platform/memory-platform';
import { INFO_TOAST_MS } from './notice-list';
import { createNoticesStore } from './notices-store';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('notices store', () => {
  it('shows app:notice events; info goes by itself, warnings stay until dismissed', () => {
    const api = createMemoryPlatform();
    const notices = createNoticesStore(api);
    notices.start();
    api.emit('app:notice', { level: 'info', code: 'a', message: 'saved' });
    api.emit('app:notice', { level: 'warning', code: 'b', message: 'port changed' });
    expect(notices.store.getState().map((t) => t.notice.code)).toEqual(['a', 'b']);
    vi.advanceTimersByTime(INFO_TOAST_MS);
    expect(notices.store.getState().map((t) => t.notice.code)).toEqual(['b']);
    const [warning] = notices.store.getState();
    if (warning) notices.dismiss(warning.id);
    expect(notices.store.getState()).toEqual([]);
  });

  it('restarts the info timer when the same notice repeats', () => {
    const api = createMemoryPlatform();
    const notices = createNoticesStore(api);
    notices.start();
    api.emit('app:notice', { level: 'info', code: 'a', message: 'x' });
    vi.advanceTimersByTime(INFO_TOAST_MS - 1000);
    api.emit('app:notice', { level: 'info', code: 'a', message: 'x' });
    vi.advanceTimersByTime(1000);
    expect(notices.store.getState()).toHaveLength(1);
    expect(notices.store.getState()[0]?.count).toBe(2);
    vi.advanceTimersByTime(INFO_TOAST_MS);
    expect(notices.store.getState()).toHaveLength(0);
  });
});

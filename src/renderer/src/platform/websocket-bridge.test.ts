import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { encodeEvent, encodeResult } from '@shared/ws-protocol';
import {
  CONNECTION_LOST_MESSAGE,
  createWebSocketBridge,
  reconnectDelayMs,
  webSocketUrl,
  type SocketLike,
} from './websocket-bridge';

class FakeSocket implements SocketLike {
  readyState = 0;
  sent: Array<Record<string, unknown>> = [];
  onopen: ((event: unknown) => void) | null = null;
  onclose: ((event: unknown) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  constructor(readonly url: string) {}
  send(data: string): void {
    if (this.readyState !== 1) throw new Error('not open');
    this.sent.push(JSON.parse(data) as Record<string, unknown>);
  }
  close(): void {
    this.drop();
  }
  open(): void {
    this.readyState = 1;
    this.onopen?.({});
  }
  drop(): void {
    this.readyState = 3;
    this.onclose?.({});
  }
  receive(data: unknown): void {
    this.onmessage?.({ data });
  }
}

function setup(
  queueTimeoutMs = 15_000,
  session?: { check: () => Promise<'valid' | 'expired' | 'unknown'>; url?: string },
) {
  const sockets: FakeSocket[] = [];
  const warn = vi.fn();
  const bridge = createWebSocketBridge({
    url: session?.url ?? 'ws://127.0.0.1:9/ws?token=t',
    ...(session ? { checkSession: session.check } : {}),
    createSocket: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket;
    },
    backoffMs: (attempt) => 100 * (attempt + 1),
    queueTimeoutMs,
    warn,
  });
  const last = (): FakeSocket => {
    const socket = sockets.at(-1);
    if (!socket) throw new Error('no socket');
    return socket;
  };
  return { bridge, sockets, last, warn };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('webSocketUrl', () => {
  it('connects to /ws on the page host with the page token', () => {
    expect(webSocketUrl({ protocol: 'http:', host: '127.0.0.1:5173', search: '?token=a%2Fb&x=1' })).toBe(
      'ws://127.0.0.1:5173/ws?token=a%2Fb',
    );
    expect(webSocketUrl({ protocol: 'https:', host: 'eva.local', search: '' })).toBe('wss://eva.local/ws?token=');
  });
});

describe('reconnectDelayMs', () => {
  it('grows from 250 ms to a 10 s cap with ±25 % jitter', () => {
    expect(reconnectDelayMs(0, () => 0.5)).toBe(250);
    expect(reconnectDelayMs(3, () => 0.5)).toBe(2000);
    expect(reconnectDelayMs(50, () => 0.5)).toBe(10_000);
    expect(reconnectDelayMs(0, () => 0)).toBe(188);
    expect(reconnectDelayMs(0, () => 1)).toBe(313);
  });
});

describe('createWebSocketBridge', () => {
  it('queues invokes until the socket opens, then sends them in order', async () => {
    const { bridge, last } = setup();
    const info = bridge.invoke('app:info');
    const settings = bridge.invoke('settings:update', { language: 'zh' });
    expect(last().url).toBe('ws://127.0.0.1:9/ws?token=t');
    last().open();
    expect(last().sent).toEqual([
      { type: 'invoke', id: 1, channel: 'app:info' },
      { type: 'invoke', id: 2, channel: 'settings:update', input: { language: 'zh' } },
    ]);
    last().receive(encodeResult(2, { ok: true, value: 'two' }));
    last().receive(encodeResult(1, { ok: false, error: { code: 'internal', message: 'boom' } }));
    await expect(settings).resolves.toEqual({ ok: true, value: 'two' });
    await expect(info).resolves.toEqual({ ok: false, error: { code: 'internal', message: 'boom' } });
    expect(bridge.connection.getState()).toBe('open');
  });

  it('delivers events to every listener of that event until unsubscribed', () => {
    const { bridge, last } = setup();
    last().open();
    const a = vi.fn();
    const b = vi.fn();
    const other = vi.fn();
    const offA = bridge.on('app:notice', a);
    bridge.on('app:notice', b);
    bridge.on('backend:log-lines', other);
    const notice = { level: 'info' as const, code: 'x', message: 'm' };
    last().receive(encodeEvent('app:notice', notice));
    offA();
    last().receive(encodeEvent('app:notice', notice));
    expect(a).toHaveBeenCalledTimes(1);
    expect(b).toHaveBeenCalledTimes(2);
    expect(b).toHaveBeenCalledWith(notice);
    expect(other).not.toHaveBeenCalled();
  });

  it('keeps delivering to other listeners when one throws', () => {
    const { bridge, last } = setup();
    const report = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.stubGlobal('reportError', undefined);
    last().open();
    const good = vi.fn();
    bridge.on('app:notice', () => {
      throw new Error('listener bug');
    });
    bridge.on('app:notice', good);
    last().receive(encodeEvent('app:notice', { level: 'info', code: 'x', message: 'm' }));
    expect(good).toHaveBeenCalledTimes(1);
    expect(report).toHaveBeenCalled();
    vi.unstubAllGlobals();
    report.mockRestore();
  });

  it('fails invokes that were sent on a socket that closes, then reconnects with backoff', async () => {
    const { bridge, sockets, last } = setup();
    const states: string[] = [];
    bridge.connection.onChange((state) => states.push(state));
    last().open();
    const pending = bridge.invoke('backend:load', undefined as never);
    last().drop();
    await expect(pending).resolves.toEqual({
      ok: false,
      error: { code: 'internal', message: CONNECTION_LOST_MESSAGE },
    });
    expect(bridge.connection.getState()).toBe('reconnecting');
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(100);
    expect(sockets).toHaveLength(2);
    last().drop(); // the second attempt fails too: the delay grows
    vi.advanceTimersByTime(199);
    expect(sockets).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(3);
    last().open();
    expect(states).toEqual(['open', 'reconnecting', 'open']);
  });

  it('resets the backoff after a successful reconnect', () => {
    const { last, sockets } = setup();
    last().open();
    last().drop();
    vi.advanceTimersByTime(100);
    last().open();
    last().drop();
    vi.advanceTimersByTime(100);
    expect(sockets).toHaveLength(3);
  });

  it('keeps unsent invokes queued across a reconnect, until the queue timeout', async () => {
    const { bridge, last } = setup(1000);
    last().drop(); // never opened
    const queued = bridge.invoke('app:info');
    vi.advanceTimersByTime(100);
    last().open();
    expect(last().sent).toEqual([{ type: 'invoke', id: 1, channel: 'app:info' }]);
    last().receive(encodeResult(1, { ok: true, value: 'v' }));
    await expect(queued).resolves.toEqual({ ok: true, value: 'v' });

    last().drop();
    const late = bridge.invoke('app:info');
    vi.advanceTimersByTime(1000);
    await expect(late).resolves.toEqual({ ok: false, error: { code: 'internal', message: CONNECTION_LOST_MESSAGE } });
  });

  it('ignores malformed frames with a warning, but answers a malformed result', async () => {
    const { bridge, last, warn } = setup();
    last().open();
    const pending = bridge.invoke('app:info');
    last().receive('not json');
    last().receive('{"type":"event","event":"nope","payload":1}');
    last().receive(encodeResult(99, { ok: true, value: 1 }));
    expect(warn).toHaveBeenCalledTimes(3);
    last().receive('{"type":"result","id":1,"result":{"ok":"maybe"}}');
    const result = await pending;
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error.message).toMatch(/^malformed reply from EVA/);
  });

  it('close() fails everything waiting and stops reconnecting', async () => {
    const { bridge, sockets, last } = setup();
    const queued = bridge.invoke('app:info');
    bridge.close();
    await expect(queued).resolves.toMatchObject({ ok: false });
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(1);
    expect(last().readyState).toBe(3);
    await expect(bridge.invoke('app:info')).resolves.toMatchObject({ ok: false });
  });
});

describe('an address that cannot reach EVA', () => {
  it('a token from an earlier run: refused before opening, the host says expired, and the bridge stops trying', async () => {
    const check = vi.fn(async () => 'expired' as const);
    const { bridge, sockets, last } = setup(15_000, { check });
    const waiting = bridge.invoke('app:info');
    last().drop();
    await vi.advanceTimersByTimeAsync(0);
    expect(check).toHaveBeenCalledTimes(1);
    expect(bridge.connection.getState()).toBe('expired');
    await expect(waiting).resolves.toMatchObject({ ok: false });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sockets).toHaveLength(1);
  });

  it('a host that is only restarting (the check cannot reach it) is retried as before', async () => {
    const check = vi.fn(async () => 'unknown' as const);
    const { bridge, sockets, last } = setup(15_000, { check });
    last().drop();
    await vi.advanceTimersByTimeAsync(150);
    expect(bridge.connection.getState()).toBe('reconnecting');
    expect(sockets).toHaveLength(2);
    last().open();
    expect(bridge.connection.getState()).toBe('open');
    // A socket that had opened and then dropped does not ask: the token was good.
    last().drop();
    await vi.advanceTimersByTimeAsync(0);
    expect(check).toHaveBeenCalledTimes(1);
  });

  it('an address with no token at all is expired at once, without a socket', () => {
    const check = vi.fn(async () => 'valid' as const);
    const { bridge, sockets } = setup(15_000, { check, url: 'ws://127.0.0.1:9/ws?token=' });
    expect(bridge.connection.getState()).toBe('expired');
    expect(sockets).toHaveLength(0);
  });
});

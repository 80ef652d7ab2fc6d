// EvaApi over the browser host's WebSocket (see shared/ws-protocol.ts).
// Invokes made before the socket opens wait in a queue; an invoke already sent on a
// socket that closes can no longer be answered, so it resolves to a connection error.
// Events are broadcast to every connection, so a reconnect needs no re-subscription.
import {
  encodeInvoke,
  parseServerFrame,
  SESSION_PATH,
  WS_PATH,
  WS_TOKEN_PARAM,
  type ServerFrame,
} from '@shared/ws-protocol';
import { realTimers, type Timers } from '../lib/timers';
import type {
  ConnectionMonitor,
  ConnectionState,
  EventName,
  EventPayloads,
  InvokeChannel,
  InvokeInput,
  InvokeOutput,
  Platform,
  Result,
} from './types';

/** The part of the DOM WebSocket the bridge uses, so tests can pass a fake. */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(): void;
  onopen: ((event: unknown) => void) | null;
  onclose: ((event: unknown) => void) | null;
  onerror: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
}

export interface WebSocketBridgeOptions {
  url: string;
  createSocket?: (url: string) => SocketLike;
  timers?: Timers;
  /** Delay before reconnect attempt `attempt` (0-based). */
  backoffMs?: (attempt: number) => number;
  /** How long an invoke may wait for a connection before it fails. */
  queueTimeoutMs?: number;
  /**
   * Asked after a connection attempt failed before opening: 'expired' when the host
   * says the token is not this run's (the bridge then stops), 'unknown' when it cannot
   * be reached (the host is restarting: keep trying). Default: never expired.
   */
  checkSession?: () => Promise<'valid' | 'expired' | 'unknown'>;
  warn?: (message: string, detail?: unknown) => void;
}

export interface WebSocketBridge extends Platform {
  readonly connection: ConnectionMonitor;
  /** Close for good: no reconnect, every waiting invoke fails. */
  close(): void;
}

const SOCKET_OPEN = 1;
export const CONNECTION_LOST_MESSAGE = 'connection to EVA lost';

/** Asks the host whether the page's token is this run's (see SESSION_PATH). */
export async function checkPageSession(
  location: Pick<Location, 'search'>,
  fetchFn: typeof fetch = fetch,
): Promise<'valid' | 'expired' | 'unknown'> {
  const token = new URLSearchParams(location.search).get(WS_TOKEN_PARAM) ?? '';
  try {
    const response = await fetchFn(`${SESSION_PATH}?${WS_TOKEN_PARAM}=${encodeURIComponent(token)}`, {
      cache: 'no-store',
    });
    return response.status === 204 ? 'valid' : response.status === 403 ? 'expired' : 'unknown';
  } catch {
    return 'unknown';
  }
}

/** ws(s)://<same host>/ws?token=<token from the page URL>. */
export function webSocketUrl(location: Pick<Location, 'protocol' | 'host' | 'search'>): string {
  const token = new URLSearchParams(location.search).get(WS_TOKEN_PARAM) ?? '';
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}${WS_PATH}?${WS_TOKEN_PARAM}=${encodeURIComponent(token)}`;
}

/** Exponential backoff from 250 ms to 10 s, with jitter so many tabs do not reconnect in lockstep. */
export function reconnectDelayMs(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(10_000, 250 * 2 ** Math.min(attempt, 6));
  return Math.round(base * (0.75 + random() * 0.5));
}

const report = (error: unknown): void =>
  typeof reportError === 'function' ? reportError(error) : console.error(error);

const lost = (): Result<never> => ({ ok: false, error: { code: 'internal', message: CONNECTION_LOST_MESSAGE } });

interface Pending {
  resolve(result: Result<unknown>): void;
  /** The frame, while it still waits for an open socket. */
  queued: string | null;
  timer: unknown;
}

export function createWebSocketBridge(options: WebSocketBridgeOptions): WebSocketBridge {
  const createSocket = options.createSocket ?? ((url: string) => new WebSocket(url) as unknown as SocketLike);
  const timers = options.timers ?? realTimers();
  const backoffMs = options.backoffMs ?? ((attempt: number) => reconnectDelayMs(attempt));
  const queueTimeoutMs = options.queueTimeoutMs ?? 15_000;
  const warn =
    options.warn ?? ((message: string, detail?: unknown) => console.warn(`[eva ws] ${message}`, detail ?? ''));

  const pending = new Map<number, Pending>();
  const listeners = new Map<EventName, Set<(payload: never) => void>>();
  const stateListeners = new Set<(state: ConnectionState) => void>();
  let state: ConnectionState = 'connecting';
  let socket: SocketLike | null = null;
  let attempt = 0;
  let reconnectTimer: unknown = null;
  let nextId = 1;
  let closed = false;

  const setState = (next: ConnectionState): void => {
    if (next === state) return;
    state = next;
    for (const listener of stateListeners) listener(next);
  };

  const settle = (id: number, result: Result<unknown>): void => {
    const entry = pending.get(id);
    if (!entry) return;
    pending.delete(id);
    if (entry.timer !== null) timers.clearTimeout(entry.timer);
    entry.resolve(result);
  };

  const flushQueue = (open: SocketLike): void => {
    for (const entry of pending.values()) {
      if (entry.queued === null) continue;
      open.send(entry.queued);
      entry.queued = null;
      if (entry.timer !== null) timers.clearTimeout(entry.timer);
      entry.timer = null;
    }
  };

  const dispatch = (frame: ServerFrame): void => {
    if (frame.type === 'result') {
      if (!pending.has(frame.id)) warn(`result for unknown request ${frame.id}`);
      settle(frame.id, frame.result);
      return;
    }
    for (const listener of listeners.get(frame.event) ?? []) {
      try {
        (listener as (payload: unknown) => void)(frame.payload);
      } catch (error) {
        // One failing listener must not starve the others; the error still reaches the console.
        report(error);
      }
    }
  };

  const onMessage = (data: unknown): void => {
    const parsed = parseServerFrame(data);
    if (parsed.ok) return dispatch(parsed.frame);
    warn(`ignored malformed frame: ${parsed.reason}`, data);
    if (parsed.id !== undefined)
      settle(parsed.id, {
        ok: false,
        error: { code: 'internal', message: `malformed reply from EVA: ${parsed.reason}` },
      });
  };

  const connect = (): void => {
    const current = createSocket(options.url);
    socket = current;
    current.onmessage = (event) => {
      if (socket === current) onMessage(event.data);
    };
    current.onerror = () => {
      // Every error is followed by a close event; the close handler does the work.
    };
    let opened = false;
    current.onopen = () => {
      if (socket !== current) return;
      opened = true;
      attempt = 0;
      setState('open');
      flushQueue(current);
    };
    current.onclose = () => {
      if (socket !== current) return;
      socket = null;
      for (const [id, entry] of pending) if (entry.queued === null) settle(id, lost());
      if (closed) return;
      setState('reconnecting');
      reconnectTimer = timers.setTimeout(() => {
        reconnectTimer = null;
        connect();
      }, backoffMs(attempt++));
      // Refused before it opened: a token from an earlier run is refused for ever, so ask.
      if (!opened && options.checkSession)
        void options.checkSession().then((verdict) => verdict === 'expired' && expire());
    };
  };

  const invoke = <C extends InvokeChannel>(channel: C, input?: InvokeInput<C>): Promise<Result<InvokeOutput<C>>> => {
    if (closed) return Promise.resolve(lost());
    const id = nextId++;
    const frame = encodeInvoke(id, channel, input);
    return new Promise<Result<InvokeOutput<C>>>((resolve) => {
      const entry: Pending = { resolve: resolve as (result: Result<unknown>) => void, queued: null, timer: null };
      pending.set(id, entry);
      if (socket !== null && socket.readyState === SOCKET_OPEN) {
        socket.send(frame);
        return;
      }
      entry.queued = frame;
      entry.timer = timers.setTimeout(() => settle(id, lost()), queueTimeoutMs);
    });
  };

  const on = <E extends EventName>(event: E, listener: (payload: EventPayloads[E]) => void): (() => void) => {
    const set = listeners.get(event) ?? new Set();
    listeners.set(event, set);
    set.add(listener as (payload: never) => void);
    return () => set.delete(listener as (payload: never) => void);
  };

  /** The address cannot work: say so, and stop trying. */
  const expire = (): void => {
    if (closed) return;
    close();
    setState('expired');
  };

  const close = (): void => {
    if (closed) return;
    closed = true;
    if (reconnectTimer !== null) timers.clearTimeout(reconnectTimer);
    const current = socket;
    socket = null;
    current?.close();
    for (const id of [...pending.keys()]) settle(id, lost());
  };

  if (options.checkSession && new URL(options.url, 'ws://page.invalid').searchParams.get(WS_TOKEN_PARAM) === '')
    expire();
  else connect();

  return {
    invoke,
    on,
    close,
    connection: {
      getState: () => state,
      onChange: (listener) => {
        stateListeners.add(listener);
        return () => stateListeners.delete(listener);
      },
    },
  };
}

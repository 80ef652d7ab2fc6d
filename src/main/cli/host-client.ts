// A Node client for the browser host's WebSocket: how `eva` reaches the core of
// an app that already runs on the data dir, and how benchmarks and tests set the
// stage (settings, loading a model) faster than clicking through the UI.
import WebSocket from 'ws';
import type { EventName, EventPayloads, InvokeChannel, InvokeInput, InvokeOutput } from '@shared/contract';
import type { Result } from '@shared/errors';

export interface HostClient {
  invoke<C extends InvokeChannel>(channel: C, input?: InvokeInput<C>): Promise<InvokeOutput<C>>;
  /** returns what stops the listening */
  on<E extends EventName>(event: E, listener: (payload: EventPayloads[E]) => void): () => void;
  /** called once when the connection ends without close() (the app quit) */
  onClose(listener: () => void): void;
  close(): void;
}

export async function connectHost(pageUrl: string): Promise<HostClient> {
  const url = new URL(pageUrl);
  const ws = new WebSocket(`ws://${url.host}/ws?token=${url.searchParams.get('token')}`, {
    headers: { origin: url.origin },
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  let nextId = 1;
  const pending = new Map<number, (result: Result<unknown>) => void>();
  const listeners = new Map<string, ((payload: unknown) => void)[]>();
  ws.on('message', (data) => {
    const frame = JSON.parse(data.toString()) as {
      type: string;
      id?: number;
      result?: Result<unknown>;
      event?: string;
      payload?: unknown;
    };
    if (frame.type === 'result' && frame.id !== undefined && frame.result) pending.get(frame.id)?.(frame.result);
    if (frame.type === 'event' && frame.event)
      for (const listener of listeners.get(frame.event) ?? []) listener(frame.payload);
  });
  // The app quit or the connection broke: nothing pending will be answered.
  ws.on('close', () => {
    for (const [id, settle] of [...pending]) {
      pending.delete(id);
      settle({ ok: false, error: { code: 'internal', message: 'the connection to EVA Desktop closed' } });
    }
  });
  return {
    invoke: (channel, input) =>
      new Promise((resolve, reject) => {
        const id = nextId++;
        pending.set(id, (result) => {
          pending.delete(id);
          if (result.ok) resolve(result.value as never);
          else reject(Object.assign(new Error(result.error.message), result.error));
        });
        ws.send(JSON.stringify({ type: 'invoke', id, channel, input }));
      }),
    on: (event, listener) => {
      const added = listener as (payload: unknown) => void;
      listeners.set(event, [...(listeners.get(event) ?? []), added]);
      return () =>
        listeners.set(
          event,
          (listeners.get(event) ?? []).filter((l) => l !== added),
        );
    },
    onClose: (listener) => ws.once('close', listener),
    close: () => ws.close(),
  };
}

// The preload against a stand-in electron, joined to the real IPC host: it exposes
// the contract and nothing else, every channel reaches the core, unknown channels
// and events never touch IPC, and each listener hears only its own event.
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { BrowserWindow } from 'electron';
import { EVENT_NAMES, invokeChannels, type EvaApi, type InvokeChannel, type InvokeHandlers } from '@shared/contract';
import { IPC_INVOKE } from '@shared/ipc-names';
import { standIn, type StandInBrowserWindow } from '@test-support/electron/stand-in-electron';
import { EventBus } from '../main/services/events/event-bus';
import { registerIpc } from '../main/electron/ipc-host';

vi.mock('electron', async () => (await import('@test-support/electron/stand-in-electron')).electronModule);

const APP = 'http://localhost:5173';
let eva: EvaApi;
let evaFiles: { pathForFile(file: unknown): string };
let events: EventBus;
let reached: string[];

beforeAll(async () => {
  standIn.reset();
  await import('./index');
  eva = standIn.exposed.get('eva') as EvaApi;
  evaFiles = standIn.exposed.get('evaFiles') as typeof evaFiles;
  expect([...standIn.exposed.keys()]).toEqual(['eva', 'evaFiles']);
});

beforeEach(async () => {
  standIn.reset();
  reached = [];
  const win = new BrowserWindow() as unknown as StandInBrowserWindow;
  await win.loadURL(`${APP}/`);
  events = new EventBus();
  const handlers = new Proxy({} as InvokeHandlers, {
    get: (_target, channel: string) => async () => {
      reached.push(channel);
      return { answeredBy: channel };
    },
  });
  registerIpc(
    handlers,
    events,
    () => win as unknown as BrowserWindow,
    (url) => new URL(url).origin === APP,
  );
});

describe('the preload (stand-in electron)', () => {
  it('exposes only invoke and on', () => {
    expect(Object.keys(eva).sort()).toEqual(['invoke', 'on']);
    expect(Object.keys(evaFiles)).toEqual(['pathForFile']);
  });

  it('carries every channel of the contract to the IPC host', async () => {
    for (const channel of Object.keys(invokeChannels) as InvokeChannel[]) {
      const reply = await eva.invoke(channel);
      // Channels that need input are answered by the host's validation, the rest by their handler.
      if (reply.ok) expect(reply.value, channel).toEqual({ answeredBy: channel });
      else
        expect(reply.error, channel).toMatchObject({ code: 'bad_request', message: expect.stringContaining(channel) });
    }
    expect(reached.length).toBeGreaterThan(20);
  });

  it('answers an unknown channel itself, without IPC', async () => {
    const invoke = vi.spyOn(standIn.ipcRenderer, 'invoke');
    const reply = await eva.invoke('fs:delete-everything' as InvokeChannel);
    expect(reply).toEqual({
      ok: false,
      error: { code: 'unknown_channel', message: 'unknown channel: fs:delete-everything' },
    });
    expect(invoke).not.toHaveBeenCalled();
    await eva.invoke('app:info');
    expect(invoke).toHaveBeenCalledWith(IPC_INVOKE, 'app:info', undefined);
  });

  it('hands each listener its own event only, through one IPC listener, until it unsubscribes', () => {
    const heard: string[] = [];
    const offs = EVENT_NAMES.map((name) => eva.on(name, (payload) => heard.push(`${name} ${JSON.stringify(payload)}`)));
    expect(standIn.ipcRenderer.listenerCount('eva:event')).toBe(1);
    for (const name of EVENT_NAMES) events.emit(name, { n: 1 } as never);
    expect(heard).toEqual(EVENT_NAMES.map((name) => `${name} {"n":1}`));
    for (const off of offs) off();
    events.emit('app:notice', { level: 'info', code: 'x', message: 'later' });
    expect(heard).toHaveLength(EVENT_NAMES.length);
    expect(standIn.ipcRenderer.listenerCount('eva:event')).toBe(0);
  });

  it('counts one function subscribed twice twice, and an unsubscribe called twice once', () => {
    const listener = vi.fn();
    const first = eva.on('app:notice', listener);
    const second = eva.on('app:notice', listener);
    events.emit('app:notice', { level: 'info', code: 'x', message: 'both' });
    expect(listener).toHaveBeenCalledTimes(2);
    first();
    first();
    events.emit('app:notice', { level: 'info', code: 'x', message: 'one' });
    expect(listener).toHaveBeenCalledTimes(3);
    second();
    expect(standIn.ipcRenderer.listenerCount('eva:event')).toBe(0);
  });

  it('lets every listener hear an event when one of them throws, then throws its error', () => {
    const after = vi.fn();
    const offs = [
      eva.on('app:notice', () => {
        throw new Error('listener broke');
      }),
      eva.on('app:notice', after),
    ];
    const send = () => standIn.ipcRenderer.emit('eva:event', {}, 'app:notice', { message: 'x' });
    expect(send).toThrow('listener broke');
    expect(after).toHaveBeenCalledTimes(1);
    for (const off of offs) off();
  });

  it('does not listen for an event outside the contract', () => {
    const off = eva.on('fs:everything' as never, () => {});
    expect(standIn.ipcRenderer.listenerCount('eva:event')).toBe(0);
    off();
  });

  it('tells a real File its path, and anything else nothing', () => {
    expect(evaFiles.pathForFile(new File(['x'], 'm.gguf'))).toBe('/dropped/m.gguf');
    expect(evaFiles.pathForFile({ name: 'm.gguf' })).toBe('');
    expect(evaFiles.pathForFile(null)).toBe('');
  });
});

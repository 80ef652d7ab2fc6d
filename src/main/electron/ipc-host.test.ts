// The IPC host against a stand-in electron: every channel of the contract reaches
// its handler through the one registered IPC_INVOKE handler, unknown channels and
// foreign senders are refused with their reason, and every event reaches the
// window's page (never a destroyed one).
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { BrowserWindow } from 'electron';
import { EVENT_NAMES, invokeChannels, type InvokeChannel, type InvokeHandlers } from '@shared/contract';
import { IPC_EVENT, IPC_INVOKE } from '@shared/ipc-names';
import { EventBus } from '../services/events/event-bus';
import { standIn, type StandInBrowserWindow } from '@test-support/electron/stand-in-electron';
import { registerIpc } from './ipc-host';

vi.mock('electron', async () => (await import('@test-support/electron/stand-in-electron')).electronModule);

const APP = 'http://localhost:5173';
const isAppUrl = (url: string) => new URL(url).origin === APP;
const CHANNELS = Object.keys(invokeChannels) as InvokeChannel[];

// Channels whose input is required: one valid input each, enough to show such a call gets through too.
const SAMPLES: Partial<Record<InvokeChannel, unknown>> = {
  'app:open-external': { url: 'https://example.com/' },
  'backend:inspect': { modelPath: '/models/m.gguf' },
  'chat:stop': { requestId: 'r1' },
  'link:delete': { id: 'l1' },
};

let reached: { channel: string; input: unknown }[] = [];
const handlers = new Proxy({} as InvokeHandlers, {
  get: (_target, channel: string) => async (input: unknown) => {
    reached.push({ channel, input });
    return { answeredBy: channel };
  },
});

let win: StandInBrowserWindow;
let events: EventBus;

async function invoke(channel: unknown, input?: unknown, event: unknown = standIn.mainFrameEvent()) {
  return standIn.ipcMain.invoke(event, IPC_INVOKE, channel, input);
}

beforeEach(async () => {
  standIn.reset();
  reached = [];
  win = new BrowserWindow() as unknown as StandInBrowserWindow;
  await win.loadURL(`${APP}/`);
  events = new EventBus();
});

describe('the IPC host (stand-in electron)', () => {
  it('registers one invoke handler and removes it again', () => {
    const dispose = registerIpc(handlers, events, () => win as unknown as BrowserWindow, isAppUrl);
    expect([...standIn.ipcMain.handlers.keys()]).toEqual([IPC_INVOKE]);
    dispose();
    expect(standIn.ipcMain.handlers.size).toBe(0);
    // Registering again after dispose works (a second handler for one channel throws in Electron).
    registerIpc(handlers, events, () => win as unknown as BrowserWindow, isAppUrl)();
  });

  it('hands every channel of the contract to its handler', async () => {
    registerIpc(handlers, events, () => win as unknown as BrowserWindow, isAppUrl);
    expect(CHANNELS.length).toBeGreaterThan(50);
    for (const channel of CHANNELS) {
      const schema = invokeChannels[channel].input;
      const input =
        channel in SAMPLES
          ? SAMPLES[channel]
          : schema.safeParse(undefined).success
            ? undefined
            : schema.safeParse({}).success
              ? {}
              : null;
      const reply = await invoke(channel, input ?? undefined);
      if (input === null) {
        // Its input is required: the contract knows the channel and checked the input against its schema.
        expect(reply, channel).toMatchObject({
          ok: false,
          error: { code: 'bad_request', message: expect.stringContaining(`invalid input for ${channel}:`) },
        });
      } else {
        expect(reply, channel).toEqual({ ok: true, value: { answeredBy: channel } });
        expect(reached.at(-1)?.channel).toBe(channel);
      }
    }
    expect(reached.map((call) => call.channel)).toEqual(expect.arrayContaining(Object.keys(SAMPLES)));
  });

  it('refuses an unknown channel without reaching a handler', async () => {
    registerIpc(handlers, events, () => win as unknown as BrowserWindow, isAppUrl);
    for (const channel of [
      'fs:delete-everything',
      '__proto__',
      'constructor',
      42,
      null,
      { toString: () => 'app:info' },
    ]) {
      expect(await invoke(channel), String(channel)).toMatchObject({ ok: false, error: { code: 'unknown_channel' } });
    }
    expect(reached).toEqual([]);
  });

  it('refuses a call from anywhere but the app page, saying why', async () => {
    let current: StandInBrowserWindow | null = win;
    registerIpc(handlers, events, () => current as unknown as BrowserWindow, isAppUrl);
    const mainFrame = win.webContents.mainFrame;
    const other = new BrowserWindow() as unknown as StandInBrowserWindow;
    const cases: [string, unknown, string][] = [
      [
        'another webContents',
        { sender: other.webContents, senderFrame: other.webContents.mainFrame },
        'the sender is not the app window',
      ],
      ['no frame', { sender: win.webContents, senderFrame: null }, 'the sending frame is gone'],
      [
        'a sub-frame',
        { sender: win.webContents, senderFrame: { url: `${APP}/`, parent: mainFrame } },
        'the sender is a sub-frame, not the main frame',
      ],
    ];
    for (const [what, event, reason] of cases) {
      const reply = await invoke('app:info', undefined, event);
      expect(reply, what).toEqual({
        ok: false,
        error: { code: 'forbidden', message: `IPC refused: ${reason}`, details: { reason } },
      });
    }
    mainFrame.url = 'https://evil.example/page';
    expect(await invoke('app:info')).toMatchObject({
      ok: false,
      error: {
        code: 'forbidden',
        message: "IPC refused: the sending page is not the app's (https://evil.example/page)",
      },
    });
    mainFrame.url = 'http://localhost:51730/';
    expect(await invoke('app:info')).toMatchObject({ ok: false, error: { code: 'forbidden' } });

    mainFrame.url = `${APP}/`;
    const event = standIn.mainFrameEvent();
    win.destroy();
    expect(await invoke('app:info', undefined, event)).toMatchObject({
      ok: false,
      error: { message: 'IPC refused: the app window is closed' },
    });
    current = null;
    expect(await invoke('app:info', undefined, event)).toMatchObject({
      ok: false,
      error: { message: 'IPC refused: no app window is open' },
    });
    expect(reached).toEqual([]);
  });

  it('refuses before validating: a foreign page learns nothing about the input', async () => {
    registerIpc(handlers, events, () => win as unknown as BrowserWindow, isAppUrl);
    win.webContents.mainFrame.url = 'https://evil.example/';
    expect(await invoke('settings:update', { evil: true })).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(await invoke('no:such-channel')).toMatchObject({ ok: false, error: { code: 'forbidden' } });
  });

  it('sends every event to the window page, and none to a destroyed one', () => {
    let current: StandInBrowserWindow | null = win;
    const dispose = registerIpc(handlers, events, () => current as unknown as BrowserWindow, isAppUrl);
    for (const name of EVENT_NAMES) events.emit(name, { of: name } as never);
    expect(win.webContents.sent).toEqual(EVENT_NAMES.map((name) => [IPC_EVENT, name, { of: name }]));

    const contents = win.webContents;
    win.destroy();
    expect(() => events.emit('app:notice', { level: 'info', code: 'x', message: 'after close' })).not.toThrow();
    current = null;
    events.emit('app:notice', { level: 'info', code: 'x', message: 'no window' });
    expect(contents.sent).toHaveLength(EVENT_NAMES.length);

    // After dispose the host no longer listens to the bus.
    current = new BrowserWindow() as unknown as StandInBrowserWindow;
    dispose();
    events.emit('app:notice', { level: 'info', code: 'x', message: 'disposed' });
    expect(current.webContents.sent).toEqual([]);
  });
});

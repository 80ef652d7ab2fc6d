// A stand-in for the core and the terminal clients' host, for tests of the Electron
// shell's wiring (desktop-shell.ts): the real event bus and the real hotkey service
// on the shortcuts the shell hands in, every other channel answered with its name,
// and a dispose the test sees start and can hold. What they do goes into the stand-in
// app's log (stand-in-electron.ts), so the order against the app's exit is one list.
import type { AppSettings, InvokeHandlers } from '@shared/contract';
import { DEFAULT_HOTKEYS, type HotkeySettings } from '@shared/hotkeys/hotkey-settings';
import type { Core, CoreOptions } from '@main/core';
import type { BrowserHost, BrowserHostOptions } from '@main/host/browser-host';
import { EventBus } from '@main/services/events/event-bus';
import { createHotkeyService } from '@main/services/hotkeys/hotkey-service';
import { standIn } from './stand-in-electron';

interface Deferred {
  promise: Promise<void>;
  resolve(): void;
  reject(error: Error): void;
}

function deferred(): Deferred {
  let resolve = () => {};
  let reject: (error: Error) => void = () => {};
  const promise = new Promise<void>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

export interface StandInCores {
  createCore(options: CoreOptions): Promise<Core>;
  startBrowserHost(options: BrowserHostOptions): Promise<BrowserHost>;
  /** what createCore was called with, each time */
  readonly options: CoreOptions[];
  readonly hostOptions: BrowserHostOptions[];
  /** the addresses the core announced in its lock */
  readonly announced: { url?: string }[];
  readonly settings: { hideToTrayOnClose: boolean; hotkeys: HotkeySettings };
  disposeCalls: number;
  /** createCore fails with this */
  failCreate: Error | null;
  /** the host's close fails with this */
  failHostClose: Error | null;
  /** Holds createCore until `releaseCreate`. */
  holdCreate(): void;
  releaseCreate(): void;
  /** Holds each dispose until `finishDispose`. */
  holdDispose(): void;
  finishDispose(): void;
}

export function standInCores(): StandInCores {
  let createGate: Deferred | null = null;
  let disposeGate: Deferred | null = null;
  const log = (line: string) => standIn.app.log.push(line);

  const cores: StandInCores = {
    options: [],
    hostOptions: [],
    announced: [],
    settings: { hideToTrayOnClose: true, hotkeys: { ...DEFAULT_HOTKEYS } },
    disposeCalls: 0,
    failCreate: null,
    failHostClose: null,
    holdCreate: () => void (createGate = deferred()),
    releaseCreate: () => createGate?.resolve(),
    holdDispose: () => void (disposeGate = deferred()),
    finishDispose: () => disposeGate?.resolve(),

    async createCore(options) {
      cores.options.push(options);
      log('core:create');
      await createGate?.promise;
      if (cores.failCreate) throw cores.failCreate;
      const events = new EventBus();
      const hotkeys = createHotkeyService({ shortcuts: options.globalShortcuts ?? null, emit: events.emit });
      hotkeys.apply(cores.settings.hotkeys);
      const settings = {
        legacyLoadApiKey: null,
        get: () => cores.settings as unknown as AppSettings,
        update: async (patch: { hideToTrayOnClose?: boolean; hotkeys?: HotkeySettings }) => {
          Object.assign(cores.settings, patch);
          // As the core does: saved hotkeys are applied at once.
          if (patch.hotkeys) hotkeys.apply(cores.settings.hotkeys);
          return cores.settings as unknown as AppSettings;
        },
      };
      const handlers = new Proxy({} as InvokeHandlers, {
        get: (_target, channel: string) => {
          if (channel === 'settings:update') return settings.update;
          if (channel === 'hotkeys:status') return async () => hotkeys.status();
          return async () => ({ answeredBy: channel });
        },
      });
      const core = {
        handlers,
        events,
        settings,
        lock: { announce: async (info: { url?: string }) => void cores.announced.push(info), release: async () => {} },
        models: {},
        async dispose() {
          cores.disposeCalls += 1;
          log('core:dispose-start');
          hotkeys.release();
          await disposeGate?.promise;
          log('core:dispose-end');
        },
      };
      return core as unknown as Core;
    },

    async startBrowserHost(options) {
      cores.hostOptions.push(options);
      return {
        url: 'http://127.0.0.1:40000/?token=stand-in',
        port: 40000,
        token: 'stand-in',
        async close() {
          log('host:close');
          if (cores.failHostClose) throw cores.failHostClose;
        },
      };
    },
  };
  return cores;
}

// Where `eva` finds a core: its own, started on the data dir like the app's, or
// — when the app already runs there (the data dir's lock says so and where) —
// the app's, reached through its browser host. Both look the same to the
// commands, so a conversation started in the terminal shows up in the window
// and the other way round, and only one process ever writes the data dir.
import { join } from 'node:path';
import type { EventName, EventPayloads, InvokeChannel, InvokeInput, InvokeOutput } from '@shared/contract';
import { AppFailure } from '@shared/errors';
import { createCore, type CoreOptions } from '../core';
import { connectHost } from './host-client';

export interface CoreSession {
  /** 'own': this process runs the core and stops it on close; 'attached': the app's core */
  mode: 'own' | 'attached';
  invoke<C extends InvokeChannel>(channel: C, input?: InvokeInput<C>): Promise<InvokeOutput<C>>;
  /** returns what stops the listening (a REPL listens once per answer) */
  on<E extends EventName>(event: E, listener: (payload: EventPayloads[E]) => void): () => void;
  close(): Promise<void>;
}

export async function openCoreSession(options: CoreOptions): Promise<CoreSession> {
  try {
    const core = await createCore(options);
    const listeners = new Set<(event: EventName, payload: unknown) => void>();
    core.events.attach((event, payload) => listeners.forEach((listener) => listener(event, payload)));
    return {
      mode: 'own',
      invoke: async (channel, input) => (core.handlers[channel] as (input: unknown) => Promise<never>)(input),
      on: (event, listener) => {
        const added = (name: EventName, payload: unknown) => name === event && listener(payload as never);
        listeners.add(added);
        return () => listeners.delete(added);
      },
      close: () => core.dispose(),
    };
  } catch (error) {
    const url = error instanceof AppFailure && error.code === 'already_running' ? error.details?.url : null;
    if (typeof url !== 'string') {
      if (error instanceof AppFailure && error.code === 'already_running') {
        throw new AppFailure(
          'already_running',
          `${error.message} It serves no local address eva can attach to; quit it, or start it with \`npm run serve\`.`,
          error.details,
        );
      }
      throw error;
    }
    const client = await connectHost(url);
    return {
      mode: 'attached',
      invoke: (channel, input) => client.invoke(channel, input),
      on: (event, listener) => client.on(event, listener),
      close: async () => client.close(),
    };
  }
}

/** The options the app's own core starts with, for `eva` run from the build (out/main/eva.js) or from source. */
export function evaCoreOptions(
  dataDir: string,
  appRoot: string,
  version: string,
  binDirs: string[],
  built: boolean,
  here: string,
): CoreOptions {
  return {
    host: 'browser',
    version,
    dataDir,
    binDirs,
    systemLanguage: Intl.DateTimeFormat().resolvedOptions().locale,
    toolWorker: built ? { entry: join(here, 'tool-worker.js'), execArgv: [] } : undefined,
    guardian: {
      command: process.execPath,
      args: built
        ? [join(here, 'process-guardian.js')]
        : ['--import', 'tsx', join(appRoot, 'src', 'main', 'workers', 'process-guardian.ts')],
    },
  };
}

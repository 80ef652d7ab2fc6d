// `eva serve-api`: the Local API without the window, for a machine that only
// serves other programs. It loads the model asked for (or the one the app
// loaded last), serves, prints the base URL and a key made for this run, and on
// Ctrl+C or SIGTERM revokes that key and puts back the settings it changed;
// eva then closes the core, which stops its llama-server.
import type { LocalApiSettings } from '@shared/local-api/local-api-types';
import type { CoreSession } from './core-session';
import type { EvaCommand, EvaOptions } from './eva-args';
import type { EvaOutput } from './eva-output';
import { EXIT } from './exit-codes';

type ServeApiCommand = Extract<EvaCommand, { kind: 'serve-api' }>;

export interface ServeApiDeps {
  session: CoreSession;
  out: EvaOutput;
  /** progress for people, on stderr */
  log: (text: string) => void;
  /** resolves with the signal that asked eva to stop */
  untilStopped: () => Promise<string>;
}

export async function serveApiCommand(
  command: ServeApiCommand,
  options: EvaOptions,
  { session, out, log, untilStopped }: ServeApiDeps,
): Promise<number> {
  const stopped = untilStopped();
  const settings = await session.invoke('settings:get');
  let backend = await session.invoke('backend:status');
  // eva's own core starts with nothing loaded: the model asked for, else the one the app loaded last.
  const modelPath =
    options.model ?? (session.mode === 'own' && backend.state !== 'ready' ? settings.load.modelPath : '');
  if (modelPath !== '') {
    log(`loading ${modelPath}…`);
    backend = await session.invoke('backend:load', { ...settings.load, modelPath });
  }
  const before = (await session.invoke('local-api:status')).settings;
  const patch: Partial<LocalApiSettings> = {};
  if (command.port !== null && command.port !== before.port) patch.port = command.port;
  if (command.network !== before.network) patch.network = command.network;
  if (Object.keys(patch).length > 0) await session.invoke('local-api:settings', patch);
  let madeKeyId: string | null = null;
  try {
    const status = await session.invoke('local-api:start');
    const made = command.newKey
      ? await session.invoke('local-api:key-create', {
          name: `eva serve-api ${new Date().toISOString()}`,
          allowedModels: [],
        })
      : null;
    madeKeyId = made?.key.id ?? null;
    const model = backend.state === 'ready' ? (backend.model?.name ?? null) : null;
    const where = status.host === '0.0.0.0' ? ' (and on every network address of this machine)' : '';
    out.line(`base URL: ${status.baseUrl}${where}`, {
      type: 'serving',
      baseUrl: status.baseUrl,
      host: status.host,
      port: status.port,
      model,
      key: made?.secret ?? null,
      keyName: made?.key.name ?? null,
    });
    if (made && !out.json) out.line(`key: ${made.secret}`);
    if (!made) {
      const { keys } = await session.invoke('local-api:keys');
      const names = keys.filter((key) => key.revokedAt === null).map((key) => key.name);
      log(
        names.length > 0
          ? `use one of your keys (${names.join(', ')}); each was shown once, when it was made`
          : 'no key is made for this run and none exists: make one on Expend → Local API, or run without --no-key',
      );
    }
    log(
      model
        ? `serving ${model}; Ctrl+C stops${made ? ' (and revokes this key)' : ''}`
        : 'no model is loaded: only the pool and shared links answer (--model <file.gguf> loads one); Ctrl+C stops',
    );
    const signal = await stopped;
    log(`${signal}: stopping the Local API…`);
    return EXIT.ok;
  } finally {
    if (madeKeyId) await session.invoke('local-api:key-revoke', { id: madeKeyId });
    // The app's own settings come back as they were: this run's port and network were for this run only.
    const restore: Partial<LocalApiSettings> = {};
    if ('port' in patch) restore.port = before.port;
    if ('network' in patch) restore.network = before.network;
    if (!before.enabled) await session.invoke('local-api:stop');
    if (Object.keys(restore).length > 0) await session.invoke('local-api:settings', restore);
  }
}

/** The first SIGINT (through eva's Ctrl+C handling) or SIGTERM. */
export function untilSignal(onInterrupt: (handler: () => void) => () => void): Promise<string> {
  return new Promise((resolve) => {
    const done = (signal: string) => {
      stopInterrupt();
      process.off('SIGTERM', onTerm);
      resolve(signal);
    };
    const onTerm = () => done('SIGTERM');
    const stopInterrupt = onInterrupt(() => done('SIGINT'));
    process.once('SIGTERM', onTerm);
  });
}

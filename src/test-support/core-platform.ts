// A Platform for component tests whose history, settings and links are the real
// core's areas (openHistory on a temp dir, openSettings, openLinks with a stand-in
// fetch), called through the hosts' own dispatch (input checked by the contract's
// schemas, failures as AppErrors) and their events delivered to `on` listeners.
// The areas that need a process (the backend, tools, MCP, workers…) stay the
// memory platform's fakes. No child process is started: it belongs to the unit tier.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { InvokeChannel, InvokeHandlers, InvokeInput, InvokeOutput } from '@shared/contract';
import type { Result } from '@shared/errors';
import { AreaList } from '@main/services/area-module';
import { openHistory } from '@main/services/history/history-module';
import { openLinks } from '@main/services/links/links-module';
import { openSettings } from '@main/services/settings/settings-module';
import { dispatchInvoke } from '@main/services/ipc/dispatch';
import { openSecretStore } from '@main/services/secrets/secret-store';
import type { SecretCipher } from '@main/services/secrets/secret-cipher';
import {
  createMemoryPlatform,
  type MemoryPlatform,
  type MemoryPlatformOptions,
} from '@renderer/platform/memory-platform';

export interface CorePlatformOptions extends Omit<MemoryPlatformOptions, 'settings'> {
  /** what the links area's requests (link:test) go to; by default every request fails as offline */
  fetch?: typeof fetch;
}

export interface CorePlatform extends MemoryPlatform {
  /** the temp dir the real areas keep their files in */
  readonly dataDir: string;
  /** the real history area, for a test that seeds conversations the way the core does */
  readonly history: ReturnType<typeof openHistory>;
  /**
   * Resolves once no call is in flight and none starts on the next turn (a `history:changed` refetch): files take more
   * than a turn of the event loop, so a test waits for the core this way, never for a timer.
   */
  settle(): Promise<void>;
  /** stops the areas and removes the temp dir */
  close(): Promise<void>;
}

// Secrets are sealed in tests too, but with no key file to create: what matters here is that keys never reach the page.
const plainCipher: SecretCipher = {
  kind: 'local-key-file',
  encrypt: async (plain) => `test.${Buffer.from(plain).toString('base64')}`,
  decrypt: async (sealed) => Buffer.from(sealed.slice('test.'.length), 'base64').toString(),
};

const offline: typeof fetch = async () => {
  throw new TypeError('fetch failed: no network in component tests');
};

const open = new Set<CorePlatform>();

/** Opens a core platform; `closeCorePlatforms` (in afterEach) stops every one still open. */
export async function openCorePlatform(options: CorePlatformOptions = {}): Promise<CorePlatform> {
  const dataDir = await mkdtemp(join(tmpdir(), 'eva-core-platform-'));
  const areas = new AreaList();
  try {
    const notices: Parameters<MemoryPlatform['emit']>[] = [];
    const settings = areas.add(
      await openSettings({ dataDir, notify: (notice) => notices.push(['app:notice', notice]) }),
    );
    const memory = createMemoryPlatform({ ...options, settings: settings.store.get() });
    const emit = memory.emit;
    const secrets = await openSecretStore(join(dataDir, 'secrets.json'), plainCipher);
    const links = areas.add(openLinks({ settings: settings.store, secrets, fetch: options.fetch ?? offline }));
    const noSlots = { leave: async () => undefined, forget: async () => undefined, forgetAll: async () => undefined };
    // No coalescing delay: a test waits for the `history:changed` event, not for a timer.
    const history = openHistory({ historyDir: join(dataDir, 'history'), emit, slots: noSlots, changeDelayMs: 0 });
    areas.add(history);
    const real = { ...settings.handlers, ...links.handlers, ...history.handlers } as Partial<InvokeHandlers>;

    const pending = new Set<Promise<unknown>>();
    const invoke = <C extends InvokeChannel>(channel: C, input?: InvokeInput<C>): Promise<Result<InvokeOutput<C>>> => {
      const call = served(channel, input);
      pending.add(call);
      // Only the bookkeeping: the caller gets `call` itself, with its rejection if it has one.
      const done = () => void pending.delete(call);
      call.then(done, done);
      return call;
    };
    const served = async <C extends InvokeChannel>(
      channel: C,
      input?: InvokeInput<C>,
    ): Promise<Result<InvokeOutput<C>>> => {
      if (!(channel in real)) return (await recorded(channel, input)) as Result<InvokeOutput<C>>;
      memory.calls.push({ channel, input });
      const answer = (await dispatchInvoke(real as InvokeHandlers, channel, input)) as Result<InvokeOutput<C>>;
      // The fakes that read the settings (a send to a link, the knowledge base) see what the real store holds.
      memory.state.settings = settings.store.get();
      return answer;
    };
    // A fake send that asks to be recorded is saved by the real recorder, as the chat area has it do.
    const recorded = async (channel: InvokeChannel, input: unknown): Promise<Result<unknown>> => {
      if (channel !== 'chat:send') return memory.invoke(channel, input as never);
      const chatInput = input as InvokeInput<'chat:send'>;
      const recording = history.recordSend(chatInput);
      const answer = await memory.invoke('chat:send', chatInput);
      if (!recording) return answer;
      if (answer.ok) await recording.finish(answer.value);
      else await recording.fail(answer.error);
      return answer;
    };

    const platform: CorePlatform = {
      ...memory,
      invoke,
      dataDir,
      history,
      async settle() {
        for (;;) {
          await new Promise((resolve) => setTimeout(resolve, 0));
          if (pending.size === 0) return;
          await Promise.allSettled([...pending]);
        }
      },
      async close() {
        open.delete(platform);
        try {
          await areas.dispose();
        } finally {
          await rm(dataDir, { recursive: true, force: true });
        }
      },
    };
    for (const notice of notices) emit(...notice);
    open.add(platform);
    return platform;
  } catch (error) {
    await areas.dispose().finally(() => rm(dataDir, { recursive: true, force: true }));
    throw error;
  }
}

/** Stops every core platform still open and removes its temp dir. */
export async function closeCorePlatforms(): Promise<void> {
  await Promise.all([...open].map((platform) => platform.close()));
}

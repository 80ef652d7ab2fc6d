// The contract's backend:* handlers and the model file picker. A load or a stop
// first saves the conversation the server holds (instant reopen), and a load
// stops the model pool: one kind of local server at a time.
import type { InvokeHandlers } from '@shared/contract';
import { AppFailure } from '@shared/errors';
import { withRecentModel } from '@shared/recent-models';
import type { SlotKeeper } from '../chat/slot-cache/slot-keeper';
import type { SettingsStore } from '../settings/settings-store';
import type { BackendManager } from './backend-manager';
import type { UserApiKey } from './user-api-key';

export type BackendChannel =
  | 'backend:discover'
  | 'backend:inspect'
  | 'backend:load'
  | 'backend:api-key'
  | 'backend:stop'
  | 'backend:status'
  | 'backend:log'
  | 'dialog:pick-model';

export interface BackendHandlerDeps {
  backend: BackendManager;
  slots: SlotKeeper;
  /** stops the model pool, if it runs: one kind of local server at a time */
  stopPool: () => Promise<void>;
  settings: SettingsStore;
  serverKey: UserApiKey;
  /** a native file picker, where the host has one */
  pickModel?: () => Promise<string | null>;
}

export function backendHandlers({
  backend,
  slots,
  stopPool,
  settings,
  serverKey,
  pickModel,
}: BackendHandlerDeps): Pick<InvokeHandlers, BackendChannel> {
  return {
    'backend:discover': async () => backend.discover(true),
    'backend:inspect': async ({ modelPath, mmprojPath, backend: choice }) =>
      backend.inspect(modelPath, mmprojPath, choice),
    'backend:load': async ({ apiKey, ...load }) => {
      // A file that cannot load is refused before anything that runs is touched: the model, its slot, the pool.
      const checked = await backend.check(load);
      const userKey = await serverKey.apply(apiKey, load.exposeOnNetwork);
      // The conversation the server holds is saved while that server is still there.
      await slots.leave(null);
      // One kind of local server at a time: the pool's models would take the memory this load plans with.
      await stopPool();
      const status = await backend.load(load, userKey, checked);
      // Read and written in the settings queue, so a load racing another update loses neither.
      await settings.update((current) => ({
        recentModels: withRecentModel(current.recentModels, load.modelPath),
      }));
      return status;
    },
    'backend:api-key': async () => serverKey.status(),
    'backend:stop': async () => {
      await slots.leave(null);
      return backend.stop();
    },
    'backend:status': async () => backend.getStatus(),
    'backend:log': async () => ({ lines: backend.logLines() }),
    'dialog:pick-model': async () => {
      if (!pickModel) throw new AppFailure('bad_request', 'this host has no file picker: type the model path');
      return { path: await pickModel() };
    },
  };
}

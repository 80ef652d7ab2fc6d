// The settings area: the store behind settings:get and settings:update, and the
// areas that follow a change (hotkeys re-register, MCP servers get new roots,
// the knowledge base re-checks its embedder) told in the order they subscribed.
// A patch is checked first (settings-checks.ts): a bad hub address or a relative
// workspace is refused with its reason, and nothing is saved.
import type { Notice, SettingsPatch } from '@shared/contract';
import type { AppSettings } from '@shared/contract';
import { AppFailure } from '@shared/errors';
import { normalizeSettingsPatch, settingsPatchProblem } from '@shared/settings/settings-checks';
import type { AreaModule } from '../area-module';
import { openSettingsStore, type SettingsStore } from './settings-store';

/** Told after a page's update is saved; the update answers once every follower is done. */
export type SettingsFollower = (patch: SettingsPatch, next: AppSettings) => void | Promise<void>;

export interface SettingsModule extends AreaModule<'settings:get' | 'settings:update'> {
  store: SettingsStore;
  follow(follower: SettingsFollower): void;
}

export async function openSettings(deps: {
  dataDir: string;
  notify: (notice: Notice) => void;
}): Promise<SettingsModule> {
  const store = await openSettingsStore(deps.dataDir, deps.notify);
  const followers: SettingsFollower[] = [];
  return {
    store,
    follow: (follower) => void followers.push(follower),
    handlers: {
      'settings:get': async () => store.get(),
      'settings:update': async (input) => {
        const problem = settingsPatchProblem(input);
        if (problem !== null) {
          const { field, reason, message } = problem;
          throw new AppFailure('bad_request', `${field}: ${message}`, { field, reason });
        }
        const patch = normalizeSettingsPatch(input);
        const next = await store.update(patch);
        for (const follower of followers) await follower(patch, next);
        return next;
      },
    },
    dispose() {},
  };
}

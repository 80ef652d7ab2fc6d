// The hotkeys area: F1/F2 and the others bound from the settings at start and
// again whenever a page changes them; released on quit.
import type { ChannelsOf } from '@shared/contract';
import type { AreaModule } from '../area-module';
import type { EventSink } from '../events/event-bus';
import type { SettingsModule } from '../settings/settings-module';
import type { SettingsStore } from '../settings/settings-store';
import { createHotkeyService, type GlobalShortcuts } from './hotkey-service';

export function openHotkeys(deps: {
  shortcuts: GlobalShortcuts | null;
  emit: EventSink;
  settings: Pick<SettingsStore, 'get'>;
  followSettings: SettingsModule['follow'];
}): AreaModule<ChannelsOf<'hotkeys'>> {
  const hotkeys = createHotkeyService(deps);
  hotkeys.apply(deps.settings.get().hotkeys);
  deps.followSettings((patch, next) => {
    if (patch.hotkeys) hotkeys.apply(next.hotkeys);
  });
  return { handlers: { 'hotkeys:status': async () => hotkeys.status() }, dispose: () => hotkeys.release() };
}

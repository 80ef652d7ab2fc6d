// The settings' part of the contract: read them, and change them with a patch.
import { channel, emptyInput } from '../contract-parts';
import { SettingsPatchSchema, type AppSettings } from '../settings-schemas';

export const settingsChannels = {
  'settings:get': channel<typeof emptyInput, AppSettings>(emptyInput),
  'settings:update': channel<typeof SettingsPatchSchema, AppSettings>(SettingsPatchSchema),
} as const;

// The folders and files the Settings page names, from the data folder the core
// reported: the folders the core checks `app:open-folder` against
// (shared/settings/settings-folders.ts) and the process ledger beside them.
import type { AppInfo, AppSettings } from '@shared/contract';
import { inDataDir, settingsFolders, type SettingsFolders } from '@shared/settings/settings-folders';

export interface SettingsPaths extends SettingsFolders {
  processLedger: string;
}

export function settingsPaths(info: AppInfo, settings: AppSettings): SettingsPaths {
  const separator = info.platform === 'win32' ? '\\' : '/';
  return {
    ...settingsFolders(info.dataDir, settings, separator),
    processLedger: inDataDir(info.dataDir, separator, 'run', 'children.json'),
  };
}

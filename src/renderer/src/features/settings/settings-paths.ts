// The folders and files the Settings page names, from the data folder the core
// reported: the layout the core makes there (data-paths.ts and the process ledger).
import type { AppInfo, AppSettings } from '@shared/contract';

export interface SettingsPaths {
  dataDir: string;
  /** `<data>/models`: scanned always, and where downloads go until another folder is chosen */
  defaultModels: string;
  downloadFolder: string;
  modelFolders: string[];
  /** the workspace tools use when none is set */
  defaultWorkspace: string;
  logs: string;
  processLedger: string;
}

export function settingsPaths(info: AppInfo, settings: AppSettings): SettingsPaths {
  const separator = info.platform === 'win32' ? '\\' : '/';
  const root = info.dataDir.replace(/[\\/]+$/, '');
  const inData = (...parts: string[]): string => [root, ...parts].join(separator);
  const defaultModels = inData('models');
  return {
    dataDir: info.dataDir,
    defaultModels,
    downloadFolder: settings.models.downloadFolder ?? settings.models.folders[0] ?? defaultModels,
    modelFolders: settings.models.folders,
    defaultWorkspace: inData('workspace'),
    logs: inData('logs'),
    processLedger: inData('run', 'children.json'),
  };
}

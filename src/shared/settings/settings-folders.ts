// The folders the Settings page shows, from the data folder and the settings: the one list the page draws its
// paths from and the core checks `app:open-folder` against, so a page can open these folders and nothing else.
import type { AppSettings } from '../settings-schemas';

/** How the host joins a path: '/' on POSIX, '\\' on Windows. */
export type PathSeparator = '/' | '\\';

export interface SettingsFolders {
  dataDir: string;
  /** `<data>/models`: scanned always, and where downloads go until another folder is chosen */
  defaultModels: string;
  downloadFolder: string;
  modelFolders: string[];
  /** the workspace tools use when none is set */
  defaultWorkspace: string;
  /** the workspace tools use now: the one set, else the default */
  workspace: string;
  logs: string;
}

/** `parts` under the data folder, joined the host's way (a trailing separator on the data folder dropped). */
export function inDataDir(dataDir: string, separator: PathSeparator, ...parts: string[]): string {
  return [dataDir.replace(/[\\/]+$/, ''), ...parts].join(separator);
}

export function settingsFolders(
  dataDir: string,
  settings: Pick<AppSettings, 'models' | 'tools'>,
  separator: PathSeparator,
): SettingsFolders {
  const defaultModels = inDataDir(dataDir, separator, 'models');
  const defaultWorkspace = inDataDir(dataDir, separator, 'workspace');
  return {
    dataDir,
    defaultModels,
    downloadFolder: settings.models.downloadFolder ?? settings.models.folders[0] ?? defaultModels,
    modelFolders: settings.models.folders,
    defaultWorkspace,
    workspace: settings.tools.workspaceDir || defaultWorkspace,
    logs: inDataDir(dataDir, separator, 'logs'),
  };
}

/** Every folder the page shows, each once: what `app:open-folder` may open. */
export function shownFolders(folders: SettingsFolders): string[] {
  const { dataDir, defaultModels, downloadFolder, modelFolders, defaultWorkspace, workspace, logs } = folders;
  return [...new Set([dataDir, defaultModels, ...modelFolders, downloadFolder, defaultWorkspace, workspace, logs])];
}

// The app area: what the page learns about the app and its host (app:info,
// which also hands over the notices raised before any page was there), links
// opened in the system browser (app:open-external), the Settings page's
// folders opened in the file manager (app:open-folder), and a code block's
// preview opened in the system browser (app:open-preview).
import type { AppInfo, AppSettings, Notice } from '@shared/contract';
import { AppFailure } from '@shared/errors';
import { checkExternalLink } from '@shared/external-link';
import type { AreaModule } from '../area-module';
import type { EventBus } from '../events/event-bus';
import type { Launch } from '../process/process-lifecycle';
import { shellFolderOpener, shownFolder, systemFolderOpener } from './open-folder';
import { previewFiles } from './open-preview';

export interface AppInfoDeps {
  version: string;
  host: AppInfo['host'];
  dataDir: string;
  systemLanguage: string;
  /** a native file picker, where the host has one (the page then offers Browse…) */
  pickModel?: unknown;
  events: EventBus;
  /** notices raised before a page attached (a corrupt settings file, leftovers stopped), for the first app:info */
  early: Notice[];
  /** opens a checked link in the system browser or mail app; absent in the browser host */
  openExternal?: (url: string) => Promise<void>;
  /** opens a folder in the file manager, answering '' or why not (Electron: shell.openPath); else the OS's opener */
  openFolder?: (path: string) => Promise<string>;
  /** starts the system's opener where the host has no openFolder */
  launch: Launch;
  /** the settings now: which folders the Settings page shows */
  settings: () => AppSettings;
  /** where previews opened in the browser are written (default: the system's temporary folder) */
  tempRoot?: string;
}

export function openAppInfo(
  deps: AppInfoDeps,
): AreaModule<'app:info' | 'app:open-external' | 'app:open-folder' | 'app:open-preview'> {
  const { events, early, openExternal } = deps;
  // The opener opens any path: a folder in the file manager, a preview's .html file in the browser.
  const openFolder = deps.openFolder ? shellFolderOpener(deps.openFolder) : systemFolderOpener(deps.launch);
  const previews = previewFiles(openFolder, deps.tempRoot);
  const { version, host, dataDir, systemLanguage } = deps;
  const info: AppInfo = {
    version,
    host,
    platform: process.platform,
    dataDir,
    systemLanguage,
    canPickFiles: !!deps.pickModel,
  };
  return {
    handlers: {
      'app:open-external': async ({ url }) => {
        // Checked again here: the contract's check is the renderer's word, this one is ours.
        const link = checkExternalLink(url);
        if (!link.ok) throw new AppFailure('bad_request', link.reason);
        if (!openExternal) return { opened: false };
        await openExternal(link.url);
        return { opened: true };
      },
      'app:open-folder': async ({ path }) => {
        const folder = await shownFolder(path, dataDir, deps.settings());
        await openFolder(folder);
        return { path: folder };
      },
      'app:open-preview': ({ document }) => previews.open(document),
      'app:info': async () => {
        for (const notice of early.splice(0)) events.emit('app:notice', notice);
        return info;
      },
    },
    dispose: () => previews.dispose(),
  };
}

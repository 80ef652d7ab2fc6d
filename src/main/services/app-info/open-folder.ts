// `app:open-folder`: a folder the Settings page shows, in the system's file manager. The path must be one of those
// folders as the settings name them now (shared/settings/settings-folders.ts) and a folder on disk (EVA's own folders
// in the data folder are made first, as EVA makes them when it first needs them). Electron opens it with
// shell.openPath; the browser host, plain Node, with the platform's opener started through the process lifecycle, so
// an opener still running when the app quits is stopped with it.
import { mkdir, stat } from 'node:fs/promises';
import { isAbsolute, resolve, sep } from 'node:path';
import type { AppSettings } from '@shared/contract';
import { binaryNotFoundIn } from '@shared/error-causes';
import { AppFailure } from '@shared/errors';
import { settingsFolders, shownFolders } from '@shared/settings/settings-folders';
import type { Launch } from '../process/process-lifecycle';

/** Opens a folder in the file manager; rejects with an AppFailure that says why not. */
export type FolderOpener = (path: string) => Promise<void>;

// Windows paths are compared as Windows compares them: without regard to case.
const folderKey = (path: string): string =>
  process.platform === 'win32' ? resolve(path).toLowerCase() : resolve(path);

/** `path` resolved, when it is one of the folders the page shows and a folder now; else an AppFailure saying which. */
export async function shownFolder(path: string, dataDir: string, settings: AppSettings): Promise<string> {
  const folders = settingsFolders(dataDir, settings, sep === '\\' ? '\\' : '/');
  const key = folderKey(path);
  if (!isAbsolute(path) || !shownFolders(folders).map(folderKey).includes(key))
    throw new AppFailure(
      'forbidden',
      `${path} is not one of the folders the Settings page shows, so it is not opened`,
      {
        reason: 'open_folder_not_shown',
        path,
      },
    );
  const folder = resolve(path);
  const { defaultModels, defaultWorkspace, logs } = folders;
  // A file in the way is reported below, as for any other folder.
  if ([defaultModels, defaultWorkspace, logs].map(folderKey).includes(key))
    await mkdir(folder, { recursive: true }).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'EEXIST') throw error;
    });
  const found = await stat(folder).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT' || error.code === 'ENOTDIR') return null;
    if (error.code === 'EACCES' || error.code === 'EPERM')
      throw new AppFailure('forbidden', `no permission to read ${folder}`, {
        reason: 'folder_unreadable',
        path: folder,
      });
    throw error;
  });
  if (found === null)
    throw new AppFailure('not_found', `the folder ${folder} does not exist`, { reason: 'open_folder_missing', path });
  if (!found.isDirectory())
    throw new AppFailure('bad_request', `${folder} is a file, not a folder`, { reason: 'not_a_folder', path: folder });
  return folder;
}

/** Electron's shell.openPath answers '' when it opened the folder, else the system's reason. */
export function shellFolderOpener(openPath: (path: string) => Promise<string>): FolderOpener {
  return async (path) => {
    const said = (await openPath(path)).trim();
    if (said !== '')
      throw new AppFailure('internal', `the system could not open ${path}: ${said}`, {
        reason: 'open_folder_refused',
        path,
        said,
      });
  };
}

const OPENERS: Partial<Record<NodeJS.Platform, string>> = { darwin: 'open', win32: 'explorer' };

/**
 * The platform's opener (xdg-open on Linux and the other Unixes, open on macOS, explorer on Windows), waited for: it
 * hands the folder to the file manager and exits, and its exit says whether that worked.
 */
export function systemFolderOpener(launch: Launch, platform: NodeJS.Platform = process.platform): FolderOpener {
  const command = OPENERS[platform] ?? 'xdg-open';
  return async (path) => {
    const exit = await launch({ name: 'folder-opener', command, args: [path], output: { mode: 'none' } }).exited;
    if (exit.spawnError !== null && binaryNotFoundIn(exit.spawnError) !== null)
      throw new AppFailure('not_found', `no program to open folders was found: ${exit.spawnError}`, {
        reason: 'open_folder_no_opener',
        command,
        path,
      });
    // explorer exits with 1 also when it opened the folder.
    if (exit.spawnError === null && (exit.code === 0 || platform === 'win32')) return;
    const how = exit.spawnError ?? (exit.signal ? `stopped by ${exit.signal}` : `exit code ${exit.code}`);
    const said = exit.lastLines.at(-1)?.trim();
    throw new AppFailure('internal', `${command} could not open ${path} (${how})${said ? `: ${said}` : ''}`, {
      reason: 'open_folder_failed',
      command,
      path,
    });
  };
}

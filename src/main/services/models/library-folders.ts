// The library folders the user chose: each must exist and be a folder, checked
// before anything is saved, so a typo is answered at once and in words.
import { stat } from 'node:fs/promises';
import { isAbsolute, resolve } from 'node:path';
import { AppFailure } from '@shared/errors';

/** The folders as absolute paths, duplicates dropped; throws an AppFailure naming the first bad one. */
export async function checkLibraryFolders(folders: readonly string[]): Promise<string[]> {
  const checked: string[] = [];
  for (const folder of folders) {
    if (!isAbsolute(folder)) {
      throw new AppFailure(
        'bad_request',
        `"${folder}" is not a full path; choose the folder with the browser or type its whole path.`,
        { path: folder, reason: 'not_absolute' },
      );
    }
    const path = resolve(folder);
    const info = await stat(path).catch((error: NodeJS.ErrnoException) => error);
    if (info instanceof Error) {
      if (info.code === 'ENOENT' || info.code === 'ENOTDIR') {
        throw new AppFailure(
          'not_found',
          `The folder ${path} does not exist; check the path or create the folder first.`,
          { path, reason: 'folder_missing' },
        );
      }
      throw new AppFailure(
        'forbidden',
        `EVA cannot open the folder ${path} (${info.code ?? info.message}); check its permissions.`,
        { path, reason: 'folder_unreadable' },
      );
    }
    if (!info.isDirectory()) {
      throw new AppFailure(
        'bad_request',
        `${path} is a file, not a folder; choose the folder that holds your models.`,
        { path, reason: 'not_a_folder' },
      );
    }
    if (!checked.includes(path)) checked.push(path);
  }
  return checked;
}

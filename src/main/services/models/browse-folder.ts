// The server-side file browser (a browser page has no native picker and no
// paths): the folders and `.gguf` files (or all files) of one folder, its
// parent, and places to start from. Hidden entries and partial downloads are left out.
import { access, readdir, stat } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import type { BrowseEntry, BrowseFiles, BrowseListing } from '@shared/models/model-library';
import { AppFailure } from '@shared/errors';

export interface BrowsePlacesInput {
  homeDir: string;
  libraryFolders: readonly string[];
  downloadFolder: string;
  platform: NodeJS.Platform;
}

export async function browseFolder(
  path: string | undefined,
  places: BrowsePlacesInput,
  files: BrowseFiles = 'gguf',
): Promise<BrowseListing> {
  const folder = resolve(path && path.trim() !== '' ? path : places.homeDir);
  const dirents = await readdir(folder, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    throw browseFailure(error, folder);
  });
  const entries: BrowseEntry[] = [];
  for (const dirent of dirents) {
    if (dirent.name.startsWith('.')) continue;
    const full = join(folder, dirent.name);
    const isGguf = /\.gguf$/i.test(dirent.name);
    const shown = isGguf || files === 'all';
    if (!dirent.isDirectory() && !shown && !dirent.isSymbolicLink()) continue;
    // stat follows links; an entry that vanished or cannot be read is simply not shown.
    const info = await stat(full).catch(() => null);
    if (info?.isDirectory()) entries.push({ name: dirent.name, path: full, kind: 'folder', sizeBytes: null });
    else if (info?.isFile() && shown)
      entries.push({ name: dirent.name, path: full, kind: isGguf ? 'gguf' : 'file', sizeBytes: info.size });
  }
  entries.sort((a, b) =>
    a.kind === b.kind
      ? a.name.localeCompare(b.name, undefined, { numeric: true, sensitivity: 'base' })
      : a.kind === 'folder'
        ? -1
        : 1,
  );
  const parent = dirname(folder);
  return { path: folder, parent: parent === folder ? null : parent, entries, places: await placesFor(places) };
}

async function placesFor(input: BrowsePlacesInput): Promise<BrowseListing['places']> {
  const places: BrowseListing['places'] = [{ label: 'Home', path: input.homeDir }];
  for (const folder of input.libraryFolders) places.push({ label: basename(folder) || folder, path: folder });
  places.push({ label: 'Downloads', path: input.downloadFolder });
  if (input.platform === 'win32') {
    for (const letter of 'CDEFGHIJKLMNOPQRSTUVWXYZ') {
      const root = `${letter}:\\`;
      if (
        await access(root).then(
          () => true,
          () => false,
        )
      )
        places.push({ label: `${letter}:`, path: root });
    }
  }
  // A library folder that is also the download folder is offered once, under its first label.
  const seen = new Set<string>();
  return places.filter((place) => !seen.has(resolve(place.path)) && Boolean(seen.add(resolve(place.path))));
}

function browseFailure(error: NodeJS.ErrnoException, folder: string): AppFailure {
  if (error.code === 'ENOENT')
    return new AppFailure('not_found', `The folder ${folder} does not exist; go back and choose another.`, {
      path: folder,
      reason: 'folder_missing',
    });
  if (error.code === 'ENOTDIR')
    return new AppFailure('bad_request', `${folder} is a file, not a folder.`, {
      path: folder,
      reason: 'not_a_folder',
    });
  if (error.code === 'EACCES' || error.code === 'EPERM') {
    return new AppFailure(
      'forbidden',
      `EVA has no permission to open ${folder}; choose another folder or change its permissions.`,
      { path: folder, reason: 'folder_unreadable' },
    );
  }
  return new AppFailure('internal', `EVA could not open ${folder}: ${error.message}`, {
    path: folder,
    code: error.code,
  });
}

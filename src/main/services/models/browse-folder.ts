// The server-side file browser (a browser page has no native picker and no
// paths): the folders and `.gguf` files (or all files) of one folder, its
// parent, and places to start from. Hidden entries are left out unless asked for.
// A typed path may start with `~`: the page does not know the core's home folder.
import { access, readdir, stat } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join, resolve } from 'node:path';
import type { BrowseEntry, BrowseFiles, BrowseListing } from '@shared/models/model-library';
import { AppFailure } from '@shared/errors';

export interface BrowsePlacesInput {
  homeDir: string;
  libraryFolders: readonly string[];
  downloadFolder: string;
  platform: NodeJS.Platform;
}

export interface BrowseOptions {
  files?: BrowseFiles;
  /** show dot-folders and dot-files */
  hidden?: boolean;
}

export async function browseFolder(
  path: string | undefined,
  places: BrowsePlacesInput,
  { files = 'gguf', hidden = false }: BrowseOptions = {},
): Promise<BrowseListing> {
  const folder =
    path && path.trim() !== '' ? typedFolder(path.trim(), places.homeDir) : await startFolder(places, files);
  const dirents = await readdir(folder, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    throw browseFailure(error, folder);
  });
  const entries: BrowseEntry[] = [];
  for (const dirent of dirents) {
    if (!hidden && dirent.name.startsWith('.')) continue;
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

/** A typed path as an absolute one: `~` and `~/…` are under the home folder; a relative path is refused. */
function typedFolder(path: string, homeDir: string): string {
  if (path === '~') return resolve(homeDir);
  if (path.startsWith('~/') || path.startsWith('~\\')) return resolve(homeDir, path.slice(2));
  if (!isAbsolute(path))
    throw new AppFailure('bad_request', `"${path}" is not a full path; type it from the root, or start it with ~/.`, {
      path,
      reason: 'not_absolute',
    });
  return resolve(path);
}

/**
 * Where a listing opens without a path: a model picker in the download folder (where the models are), falling back to
 * the home folder while that one is not made yet; documents in the home folder.
 */
async function startFolder(places: BrowsePlacesInput, files: BrowseFiles): Promise<string> {
  const home = resolve(places.homeDir);
  if (files === 'all') return home;
  // Only where the picker opens: an unreadable download folder opens Home, and says why once the user goes to it.
  const info = await stat(places.downloadFolder).catch(() => null);
  return info?.isDirectory() ? resolve(places.downloadFolder) : home;
}

async function placesFor(input: BrowsePlacesInput): Promise<BrowseListing['places']> {
  const places: BrowseListing['places'] = [{ label: 'Home', path: input.homeDir, kind: 'home' }];
  for (const folder of input.libraryFolders) places.push({ label: basename(folder) || folder, path: folder });
  places.push({ label: 'Downloads', path: input.downloadFolder, kind: 'downloads' });
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

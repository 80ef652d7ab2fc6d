// What picking a library file changes in the load form: the model, and its projector
// when the library pairs one with it. A projector left from another model would make
// the load fail, so an unpaired pick clears it.
import type { LibraryListing } from '@shared/models/model-library';

export function pickPatch(path: string, listing: LibraryListing | null): { modelPath: string; mmprojPath: string } {
  const model = listing?.models.find((entry) => entry.path === path);
  return { modelPath: path, mmprojPath: model?.mmprojPath ?? '' };
}

/** The folder of a path, for starting the file browser beside the current model ('' for none). */
export function folderOf(path: string): string {
  const cut = Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\'));
  return cut > 0 ? path.slice(0, cut) : '';
}

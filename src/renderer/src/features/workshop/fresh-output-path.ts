// The output name a finished job moves on to: the written file is there now, so a second
// run would be refused (or, with Overwrite ticked, replace it). The next name numbers the
// written one (qwen-7b-Q4_K_M.gguf → qwen-7b-Q4_K_M-2.gguf → …-3.gguf), skipping every
// name the folder holds already, as the core's file browser lists it.
import type { EvaApi } from '../../platform/types';
import { folderOf } from '../models/pick-patch';

/**
 * The first `<stem>-N<ext>` (N from 2) beside `written` that is not in `taken` (file names, compared without case, for
 * the file systems that ignore it). A name numbered already continues its count where its unnumbered name is taken
 * too, so `x-2.gguf` goes on to `x-3.gguf` while `llama-3.gguf` on its own becomes `llama-3-2.gguf`.
 */
export function nextFreePath(written: string, taken: Iterable<string>): string {
  const folder = written.slice(0, Math.max(written.lastIndexOf('/'), written.lastIndexOf('\\')) + 1);
  const file = written.slice(folder.length);
  const ext = /\.[a-z][a-z0-9]{0,7}$/i.exec(file)?.[0] ?? '';
  const stem = file.slice(0, file.length - ext.length);
  const names = new Set([...taken, file].map((name) => name.toLowerCase()));
  const numbered = /^(.+)-\d+$/.exec(stem);
  const base = numbered && names.has(`${numbered[1]}${ext}`.toLowerCase()) ? numbered[1]! : stem;
  for (let n = 2; ; n++) {
    const name = `${base}-${n}${ext}`;
    if (!names.has(name.toLowerCase())) return `${folder}${name}`;
  }
}

/** The fresh name for a job that wrote `written`, or null where its folder cannot be listed. */
export async function freshOutputPath(api: EvaApi, written: string): Promise<string | null> {
  const folder = folderOf(written);
  if (folder === '') return null;
  const listing = await api.invoke('models:browse', { path: folder, files: 'all', hidden: true });
  if (!listing.ok) return null;
  return nextFreePath(
    written,
    listing.value.entries.map((entry) => entry.name),
  );
}

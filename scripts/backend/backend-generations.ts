// The installed llama-server set (server, tools, build.json) and the one before
// it, kept in bin/<backend>/previous/ so a new build that misbehaves in use can
// be undone with `npm run backend:rollback`. A rollback swaps the two, so a
// second one goes forward again.
import { existsSync } from 'node:fs';
import { cp, mkdir, readFile, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from '@main/services/fs/atomic-write';
import { executableName, installExecutable } from './install-binary';

export const PREVIOUS_DIR = 'previous';
const BUILD_INFO = 'build.json';

/** The files of one set that exist in `dir`. */
function presentFiles(dir: string, names: readonly string[]): string[] {
  return [...names.map(executableName), BUILD_INFO].filter((file) => existsSync(join(dir, file)));
}

/** Copies the installed set into previous/ (replacing the set kept before it); false when nothing is installed yet. */
export async function keepPrevious(binDir: string, names: readonly string[]): Promise<boolean> {
  const [server] = names;
  if (!server || !existsSync(join(binDir, executableName(server)))) return false;
  const staging = join(binDir, `${PREVIOUS_DIR}.new`);
  await rm(staging, { recursive: true, force: true });
  await mkdir(staging, { recursive: true });
  for (const file of presentFiles(binDir, names))
    await cp(join(binDir, file), join(staging, file), { preserveTimestamps: true });
  // The old previous/ goes only once the new one is whole.
  await rm(join(binDir, PREVIOUS_DIR), { recursive: true, force: true });
  await rename(staging, join(binDir, PREVIOUS_DIR));
  return true;
}

/** Puts the previous set back and keeps the one it replaces as the new previous; returns the files restored. */
export async function rollBack(binDir: string, names: readonly string[]): Promise<string[]> {
  const previous = join(binDir, PREVIOUS_DIR);
  const [server] = names;
  if (!server || !existsSync(join(previous, executableName(server))))
    throw new Error(`there is no previous build in ${previous} to go back to`);
  const restoring = presentFiles(previous, names);
  const swap = join(binDir, `${PREVIOUS_DIR}.swap`);
  await rm(swap, { recursive: true, force: true });
  await mkdir(swap, { recursive: true });
  for (const file of presentFiles(binDir, names))
    await cp(join(binDir, file), join(swap, file), { preserveTimestamps: true });
  // build.json goes first and comes back last, as in a build: a crash in between means "rebuild", never a wrong record.
  await rm(join(binDir, BUILD_INFO), { force: true });
  for (const name of names) {
    if (existsSync(join(previous, executableName(name))))
      await installExecutable(join(previous, executableName(name)), binDir, name);
    else await rm(join(binDir, executableName(name)), { force: true });
  }
  if (restoring.includes(BUILD_INFO))
    await writeFileAtomic(join(binDir, BUILD_INFO), await readFile(join(previous, BUILD_INFO)));
  await rm(previous, { recursive: true, force: true });
  await rename(swap, previous);
  return restoring;
}

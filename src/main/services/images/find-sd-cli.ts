// Which sd-cli to run: bin/<backend>/sd-cli, searched like llama-server
// (EVA_BIN_DIR, a packaged app's resources/bin, the dev tree's bin) with GPU
// builds first, then any sd-cli on PATH (a user's own build or package).
import { delimiter, join } from 'node:path';
import { executableName, firstExecutable, sideBinaryCandidates } from '../backend/find-side-binary';

export const SD_CLI_BINARY = executableName('sd-cli');

export interface SdCliCandidate {
  path: string;
  where: 'bin' | 'path';
}

/** The paths searched, in order: EVA's own builds first, then PATH. */
export function sdCliCandidates(binDirs: readonly string[], pathVariable: string | undefined): SdCliCandidate[] {
  const built = sideBinaryCandidates(binDirs, SD_CLI_BINARY).map((path) => ({ path, where: 'bin' as const }));
  const onPath = (pathVariable ?? '')
    .split(delimiter)
    .filter((dir) => dir.trim() !== '')
    .map((dir) => ({ path: join(dir, SD_CLI_BINARY), where: 'path' as const }));
  return [...built, ...onPath];
}

/** The first executable candidate, or null. */
export async function findSdCli(
  binDirs: readonly string[],
  pathVariable: string | undefined = process.env.PATH,
): Promise<SdCliCandidate | null> {
  const candidates = sdCliCandidates(binDirs, pathVariable);
  const found = await firstExecutable(candidates.map((candidate) => candidate.path));
  return candidates.find((candidate) => candidate.path === found) ?? null;
}

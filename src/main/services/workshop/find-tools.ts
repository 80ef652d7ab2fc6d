// Which llama-quantize and llama-imatrix to run: bin/<backend>/, searched like
// llama-server (EVA_BIN_DIR, a packaged app's resources/bin, the dev tree's bin).
// The backend build makes them beside llama-server. llama-quantize works on the
// CPU only, so any build will do; a GPU build's llama-imatrix is faster, hence
// GPU builds first (BACKEND_KINDS' order).
import { executableName, firstExecutable, sideBinaryCandidates } from '../backend/find-side-binary';

export type WorkshopTool = 'llama-quantize' | 'llama-imatrix';

/** The paths searched, in order (for the "not built" message). */
export function toolCandidates(binDirs: readonly string[], tool: WorkshopTool): string[] {
  return sideBinaryCandidates(binDirs, executableName(tool));
}

/** The first executable one among the candidates, or null. */
export function findTool(binDirs: readonly string[], tool: WorkshopTool): Promise<string | null> {
  return firstExecutable(toolCandidates(binDirs, tool));
}

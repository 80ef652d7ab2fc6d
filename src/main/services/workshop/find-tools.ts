// Which llama-quantize and llama-imatrix to run: bin/<backend>/, searched like
// llama-server (EVA_BIN_DIR, a packaged app's resources/bin, the dev tree's bin).
// The backend build makes them beside llama-server. llama-quantize works on the
// CPU only, so any build will do; a GPU build's llama-imatrix is faster, hence
// GPU builds first (BACKEND_KINDS' order).
import { access, constants } from 'node:fs/promises';
import { join } from 'node:path';
import { BACKEND_KINDS } from '@shared/contract';

export type WorkshopTool = 'llama-quantize' | 'llama-imatrix';

const exe = (tool: WorkshopTool) => (process.platform === 'win32' ? `${tool}.exe` : tool);

/** The paths searched, in order (for the "not built" message). */
export function toolCandidates(binDirs: readonly string[], tool: WorkshopTool): string[] {
  return BACKEND_KINDS.flatMap((kind) => binDirs.map((dir) => join(dir, kind, exe(tool))));
}

/** The first executable one among the candidates, or null. */
export async function findTool(binDirs: readonly string[], tool: WorkshopTool): Promise<string | null> {
  for (const path of toolCandidates(binDirs, tool)) {
    const ok = await access(path, constants.X_OK).then(
      () => true,
      () => false,
    );
    if (ok) return path;
  }
  return null;
}

// Where EVA's own builds of a side binary (llama-tts, whisper-cli, sd-cli, llama-quantize…) are looked for:
// bin/<backend>/<file> in each bin dir (EVA_BIN_DIR, a packaged app's resources/bin, the dev tree's bin), GPU
// builds first (BACKEND_KINDS' order), as llama-server is; `npm run backend:build -- --backend cuda` builds both.
import { access, constants } from 'node:fs/promises';
import { join } from 'node:path';
import { BACKEND_KINDS } from '@shared/contract';

/** A binary's file name on this platform: `llama-tts.exe` on Windows, `llama-tts` elsewhere. */
export function executableName(name: string): string {
  return process.platform === 'win32' ? `${name}.exe` : name;
}

/** The paths searched for `file`, in order (also for a "not built" message). */
export function sideBinaryCandidates(binDirs: readonly string[], file: string): string[] {
  return BACKEND_KINDS.flatMap((kind) => binDirs.map((dir) => join(dir, kind, file)));
}

export async function isExecutable(path: string): Promise<boolean> {
  return access(path, constants.X_OK).then(
    () => true,
    () => false,
  );
}

/** The first executable one of `paths`, or null. */
export async function firstExecutable(paths: readonly string[]): Promise<string | null> {
  // All at once: one after another they cost a run ~0.5 ms when only the last (cpu) exists.
  const executable = await Promise.all(paths.map(isExecutable));
  return paths[executable.indexOf(true)] ?? null;
}

// Which whisper-cli to run: bin/<backend>/whisper-cli, searched like llama-server
// (EVA_BIN_DIR, a packaged app's resources/bin, the dev tree's bin) with GPU
// builds first, since `npm run backend:build -- --backend cuda` builds both.
import { access, constants } from 'node:fs/promises';
import { join } from 'node:path';
import { BACKEND_KINDS } from '@shared/contract';

export const WHISPER_BINARY = process.platform === 'win32' ? 'whisper-cli.exe' : 'whisper-cli';

/** The paths searched, in order (for the "not found" message). */
export function whisperCandidates(binDirs: readonly string[]): string[] {
  return BACKEND_KINDS.flatMap((kind) => binDirs.map((dir) => join(dir, kind, WHISPER_BINARY)));
}

/** The first executable whisper-cli among the candidates, or null. */
export async function findWhisperCli(binDirs: readonly string[]): Promise<string | null> {
  const candidates = whisperCandidates(binDirs);
  // All at once: one after another they cost a transcription ~0.5 ms when only the last (cpu) exists.
  const executable = await Promise.all(
    candidates.map((path) =>
      access(path, constants.X_OK).then(
        () => true,
        () => false,
      ),
    ),
  );
  return candidates[executable.indexOf(true)] ?? null;
}

// Which whisper-cli to run: bin/<backend>/whisper-cli, searched as every side binary is (find-side-binary.ts).
import { executableName, firstExecutable, sideBinaryCandidates } from '../backend/find-side-binary';

export const WHISPER_BINARY = executableName('whisper-cli');

/** The paths searched, in order (for the "not found" message). */
export function whisperCandidates(binDirs: readonly string[]): string[] {
  return sideBinaryCandidates(binDirs, WHISPER_BINARY);
}

/** The first executable whisper-cli among the candidates, or null. */
export function findWhisperCli(binDirs: readonly string[]): Promise<string | null> {
  return firstExecutable(whisperCandidates(binDirs));
}

// bin/<backend>/whisper-cli.build.json: what the installed whisper-cli was built
// from, and whether it must be rebuilt. Pure, like build-cache.ts is for
// llama-server; the record differs (a whisper.cpp version, not a llama.cpp commit).
import { BACKEND_KINDS, type BackendKind } from '../../src/shared/contract';

/** The build record beside bin/<backend>/whisper-cli. */
export interface WhisperBuildInfo {
  backend: BackendKind;
  whisperVersion: string;
  source: string;
  cmakeFlags: string[];
  builtAt: string;
}

/** The record's file name inside bin/<backend>/. */
export const WHISPER_BUILD_RECORD = 'whisper-cli.build.json';

export interface WhisperCacheInput {
  recorded: WhisperBuildInfo | null;
  binaryExecutable: boolean;
  wanted: Pick<WhisperBuildInfo, 'backend' | 'whisperVersion' | 'cmakeFlags'>;
  force: boolean;
}

/** null when the installed whisper-cli is current, else why it must be built (for the log). */
export function whisperRebuildReason(input: WhisperCacheInput): string | null {
  const { recorded, wanted } = input;
  if (input.force) return 'forced (--force)';
  if (!input.binaryExecutable) return 'no executable whisper-cli yet';
  if (!recorded) return `no valid ${WHISPER_BUILD_RECORD} beside the binary`;
  if (recorded.backend !== wanted.backend) return `${WHISPER_BUILD_RECORD} is for ${recorded.backend}`;
  if (recorded.whisperVersion !== wanted.whisperVersion) return `whisper.cpp changed (${recorded.whisperVersion} → ${wanted.whisperVersion})`;
  if (recorded.cmakeFlags.length !== wanted.cmakeFlags.length || recorded.cmakeFlags.some((flag, index) => flag !== wanted.cmakeFlags[index])) return 'cmake flags changed';
  return null;
}

/** The record's text as WhisperBuildInfo, or null when it is not one (torn or hand-edited means: rebuild). */
export function parseWhisperBuildInfo(text: string): WhisperBuildInfo | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const info = value as Record<string, unknown>;
  const ok =
    typeof info.backend === 'string' &&
    (BACKEND_KINDS as readonly string[]).includes(info.backend) &&
    typeof info.whisperVersion === 'string' &&
    typeof info.source === 'string' &&
    typeof info.builtAt === 'string' &&
    Array.isArray(info.cmakeFlags) &&
    info.cmakeFlags.every((flag) => typeof flag === 'string');
  return ok ? (info as unknown as WhisperBuildInfo) : null;
}

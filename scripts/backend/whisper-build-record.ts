// bin/<backend>/whisper-cli.build.json: what the installed whisper-cli was built
// from, and whether it must be rebuilt. Pure, like build-cache.ts is for
// llama-server; the record differs (a whisper.cpp version, not a llama.cpp commit).
import type { BackendKind } from '@shared/contract';
import { parseBuildRecord, recordRebuildReason, type BuildRecordKind, type RecordCacheInput } from './build-cache';

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

export type WhisperCacheInput = RecordCacheInput<'whisperVersion'>;

const WHISPER_RECORD: BuildRecordKind<'whisperVersion'> = {
  binary: 'whisper-cli',
  recordName: WHISPER_BUILD_RECORD,
  versionKey: 'whisperVersion',
  versionChange: (from, to) => `whisper.cpp changed (${from} → ${to})`,
};

/** null when the installed whisper-cli is current, else why it must be built (for the log). */
export function whisperRebuildReason(input: WhisperCacheInput): string | null {
  return recordRebuildReason(WHISPER_RECORD, input);
}

/** The record's text as WhisperBuildInfo, or null when it is not one (torn or hand-edited means: rebuild). */
export function parseWhisperBuildInfo(text: string): WhisperBuildInfo | null {
  return parseBuildRecord(WHISPER_RECORD, text);
}

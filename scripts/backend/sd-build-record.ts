// bin/<backend>/sd-cli.build.json: what the installed sd-cli was built from,
// and whether it must be rebuilt. Pure, like whisper-build-record.ts; the source
// version is a stable-diffusion.cpp commit, or `local:<dir>` for a source
// directory that is not a git checkout (its commit cannot be known).
import type { BackendKind } from '@shared/contract';
import { parseBuildRecord, recordRebuildReason, type BuildRecordKind, type RecordCacheInput } from './build-cache';

/** The build record beside bin/<backend>/sd-cli. */
export interface SdBuildInfo {
  backend: BackendKind;
  /** the commit built, or `local:<dir>` */
  sdCommit: string;
  /** where the source came from: the pinned git clone, or the directory given with --source */
  source: string;
  cmakeFlags: string[];
  builtAt: string;
}

/** The record's file name inside bin/<backend>/. */
export const SD_BUILD_RECORD = 'sd-cli.build.json';

const SD_RECORD: BuildRecordKind<'sdCommit'> = {
  binary: 'sd-cli',
  recordName: SD_BUILD_RECORD,
  versionKey: 'sdCommit',
  versionChange: (from, to) => `stable-diffusion.cpp changed (${short(from)} → ${short(to)})`,
};

/** null when the installed sd-cli is current, else why it must be built (for the log). */
export function sdRebuildReason(input: RecordCacheInput<'sdCommit'>): string | null {
  return recordRebuildReason(SD_RECORD, input);
}

/** The record's text as SdBuildInfo, or null when it is not one (torn or hand-edited means: rebuild). */
export function parseSdBuildInfo(text: string): SdBuildInfo | null {
  return parseBuildRecord(SD_RECORD, text);
}

function short(version: string): string {
  return /^[0-9a-f]{40}$/.test(version) ? version.slice(0, 8) : version;
}

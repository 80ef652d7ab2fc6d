// Whether a backend must be (re)built. Pure: the caller reads build.json and
// checks the binary; this decides. Same llama.cpp commit, same backend, same
// flags and the binary still there → nothing to do.
import { BACKEND_KINDS, type BuildInfo } from '@shared/contract';

/** What tells one kind of build record from another: its binary, its file, and the field naming the source version. */
export interface BuildRecordKind<V extends string> {
  binary: string;
  recordName: string;
  versionKey: V;
  /** "llama.cpp changed (a → b)" */
  versionChange(from: string, to: string): string;
}

/** The fields every build record has, plus its source version under `versionKey`. */
export type BuildRecord<V extends string> = {
  backend: BuildInfo['backend'];
  source: string;
  cmakeFlags: string[];
  builtAt: string;
} & Record<V, string>;

export interface RecordCacheInput<V extends string> {
  /** the record as parsed by parseBuildRecord, null when missing or unreadable */
  recorded: BuildRecord<V> | null;
  binaryExecutable: boolean;
  wanted: Pick<BuildRecord<V>, 'backend' | 'cmakeFlags'> & Record<V, string>;
  force: boolean;
}

/** null when the installed binary is current, else why it must be built (for the log). */
export function recordRebuildReason<V extends string>(
  kind: BuildRecordKind<V>,
  input: RecordCacheInput<V>,
): string | null {
  const { recorded, wanted } = input;
  if (input.force) return 'forced (--force)';
  if (!input.binaryExecutable) return `no executable ${kind.binary} yet`;
  if (!recorded) return `no valid ${kind.recordName} beside the binary`;
  if (recorded.backend !== wanted.backend) return `${kind.recordName} is for ${recorded.backend}`;
  const was: string = recorded[kind.versionKey];
  const now: string = wanted[kind.versionKey];
  if (was !== now) return kind.versionChange(was, now);
  if (!sameList(recorded.cmakeFlags, wanted.cmakeFlags)) return 'cmake flags changed';
  return null;
}

/** A record's text, or null when it is not one of this kind (a torn or hand-edited file means: rebuild). */
export function parseBuildRecord<V extends string>(kind: BuildRecordKind<V>, text: string): BuildRecord<V> | null {
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
    typeof info[kind.versionKey] === 'string' &&
    typeof info.source === 'string' &&
    typeof info.builtAt === 'string' &&
    Array.isArray(info.cmakeFlags) &&
    info.cmakeFlags.every((flag) => typeof flag === 'string');
  return ok ? (info as unknown as BuildRecord<V>) : null;
}

/** llama-server's build.json. */
export const LLAMA_SERVER_RECORD: BuildRecordKind<'llamaCppCommit'> = {
  binary: 'llama-server',
  recordName: 'build.json',
  versionKey: 'llamaCppCommit',
  versionChange: (from, to) => `llama.cpp changed (${from.slice(0, 8)} → ${to.slice(0, 8)})`,
};

export type CacheInput = RecordCacheInput<'llamaCppCommit'>;

export function rebuildReason(input: CacheInput): string | null {
  return recordRebuildReason(LLAMA_SERVER_RECORD, input);
}

export function parseBuildInfo(text: string): BuildInfo | null {
  return parseBuildRecord(LLAMA_SERVER_RECORD, text);
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((item, index) => item === b[index]);
}

/**
 * Why an existing build dir cannot be reused, from its CMakeCache.txt, or null.
 * cmake refuses a build dir configured for another source tree (a moved repo)
 * or another generator, and says so only after a confusing error.
 */
export function buildDirConflict(
  cmakeCache: string,
  wanted: { sourceDir: string; generator?: string | undefined },
  samePath: (a: string, b: string) => boolean,
): string | null {
  const home = /^CMAKE_HOME_DIRECTORY:INTERNAL=(.*)$/m.exec(cmakeCache)?.[1]?.trim();
  if (home && !samePath(home, wanted.sourceDir)) return `it was configured for ${home}`;
  const generator = /^CMAKE_GENERATOR:INTERNAL=(.*)$/m.exec(cmakeCache)?.[1]?.trim();
  if (wanted.generator && generator && generator !== wanted.generator)
    return `it uses the ${generator} generator, not ${wanted.generator}`;
  return null;
}

// Whether a backend must be (re)built. Pure: the caller reads build.json and
// checks the binary; this decides. Same llama.cpp commit, same backend, same
// flags and the binary still there → nothing to do.
import { BACKEND_KINDS, type BuildInfo } from '../../src/shared/contract';

export interface CacheInput {
  /** bin/<backend>/build.json as parsed by parseBuildInfo, null when missing or unreadable */
  recorded: BuildInfo | null;
  binaryExecutable: boolean;
  wanted: Pick<BuildInfo, 'backend' | 'llamaCppCommit' | 'cmakeFlags'>;
  force: boolean;
}

/** null when the installed binary is current, else why it must be built (for the log). */
export function rebuildReason(input: CacheInput): string | null {
  const { recorded, wanted } = input;
  if (input.force) return 'forced (--force)';
  if (!input.binaryExecutable) return 'no executable llama-server yet';
  if (!recorded) return 'no valid build.json beside the binary';
  if (recorded.backend !== wanted.backend) return `build.json is for ${recorded.backend}`;
  if (recorded.llamaCppCommit !== wanted.llamaCppCommit) return `llama.cpp changed (${recorded.llamaCppCommit.slice(0, 8)} → ${wanted.llamaCppCommit.slice(0, 8)})`;
  if (!sameList(recorded.cmakeFlags, wanted.cmakeFlags)) return 'cmake flags changed';
  return null;
}

/** The build.json text as BuildInfo, or null when it is not one (a torn or hand-edited file means: rebuild). */
export function parseBuildInfo(text: string): BuildInfo | null {
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
    typeof info.llamaCppCommit === 'string' &&
    typeof info.source === 'string' &&
    typeof info.builtAt === 'string' &&
    Array.isArray(info.cmakeFlags) &&
    info.cmakeFlags.every((flag) => typeof flag === 'string');
  return ok ? (info as unknown as BuildInfo) : null;
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((item, index) => item === b[index]);
}

/**
 * Why an existing build dir cannot be reused, from its CMakeCache.txt, or null.
 * cmake refuses a build dir configured for another source tree (a moved repo)
 * or another generator, and says so only after a confusing error.
 */
export function buildDirConflict(cmakeCache: string, wanted: { sourceDir: string; generator?: string | undefined }, samePath: (a: string, b: string) => boolean): string | null {
  const home = /^CMAKE_HOME_DIRECTORY:INTERNAL=(.*)$/m.exec(cmakeCache)?.[1]?.trim();
  if (home && !samePath(home, wanted.sourceDir)) return `it was configured for ${home}`;
  const generator = /^CMAKE_GENERATOR:INTERNAL=(.*)$/m.exec(cmakeCache)?.[1]?.trim();
  if (wanted.generator && generator && generator !== wanted.generator) return `it uses the ${generator} generator, not ${wanted.generator}`;
  return null;
}

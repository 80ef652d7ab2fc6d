// Whether a backend must be (re)built: same llama.cpp commit, same backend and
// same flags as the recorded build.json, and the binary still there → no-op.
import type { BuildInfo } from '../../src/shared/contract';

export interface CacheInput {
  recorded: BuildInfo | null;
  binaryExecutable: boolean;
  wanted: Pick<BuildInfo, 'backend' | 'llamaCppCommit' | 'cmakeFlags'>;
  force: boolean;
}

export function rebuildReason(input: CacheInput): string | null {
  if (input.force) return 'forced (--force)';
  if (!input.binaryExecutable) return 'no executable llama-server yet';
  if (!input.recorded) return 'no build.json beside the binary';
  if (input.recorded.backend !== input.wanted.backend) return `build.json is for ${input.recorded.backend}`;
  if (input.recorded.llamaCppCommit !== input.wanted.llamaCppCommit) return `llama.cpp changed (${input.recorded.llamaCppCommit.slice(0, 8)} → ${input.wanted.llamaCppCommit.slice(0, 8)})`;
  if (JSON.stringify(input.recorded.cmakeFlags) !== JSON.stringify(input.wanted.cmakeFlags)) return 'cmake flags changed';
  return null;
}

// What the About page and the image page say about the sd-cli found: its own
// `--version` line, and the build record EVA wrote beside it when EVA built it.
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { ImageEngineStatus } from '@shared/images/image-types';
import { runTool } from '../backend/gpu/run-tool';
import type { Launch } from '../process/process-lifecycle';

const VERSION_TIMEOUT_MS = 5_000;

/**
 * "stable-diffusion.cpp version master-520-97d2990, commit 97d2990" → "master-520-97d2990 (97d2990)"; unknown parts
 * left out.
 */
export function parseSdVersion(stdout: string): string | null {
  const match = /stable-diffusion\.cpp version (\S+), commit (\S+)/.exec(stdout);
  if (!match) return null;
  const [, version, commit] = match as unknown as [string, string, string];
  const known = (value: string) => value !== 'unknown' && value !== '';
  if (known(version) && known(commit)) return version.includes(commit) ? version : `${version} (${commit})`;
  if (known(version)) return version;
  if (known(commit)) return commit;
  return 'unknown';
}

/** The version line of `sd-cli --version`, or null when it says nothing we know (an older build without the flag). */
export async function sdCliVersion(path: string, launch: Launch): Promise<string | null> {
  const result = await runTool(path, ['--version'], VERSION_TIMEOUT_MS, launch);
  return result.ok ? parseSdVersion(result.stdout) : null;
}

/** sd-cli.build.json beside the binary, or null where EVA did not build it. */
export async function readSdBuildRecord(cliPath: string): Promise<ImageEngineStatus['build']> {
  try {
    const value = JSON.parse(await readFile(join(dirname(cliPath), 'sd-cli.build.json'), 'utf8')) as Record<
      string,
      unknown
    >;
    const { sdCommit, source, builtAt, cmakeFlags } = value;
    if (
      typeof sdCommit !== 'string' ||
      typeof source !== 'string' ||
      typeof builtAt !== 'string' ||
      !Array.isArray(cmakeFlags)
    )
      return null;
    return {
      sdCommit,
      source,
      builtAt,
      cmakeFlags: cmakeFlags.filter((flag): flag is string => typeof flag === 'string'),
    };
  } catch {
    return null;
  }
}

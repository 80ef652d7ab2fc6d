// Where the whisper.cpp source comes from: the npm package nodejs-whisper ships
// whisper.cpp's full source tree (cpp/whisper.cpp), so one pinned devDependency
// gives every developer and CI run the same version, with no git clone.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** The npm package whose bundled whisper.cpp we build. */
export const WHISPER_SOURCE_PACKAGE = 'nodejs-whisper';

export interface WhisperSource {
  dir: string;
  /** whisper.cpp's own version, from its CMakeLists.txt (e.g. 1.9.1) */
  version: string;
  packageVersion: string;
}

/** The version in `project("whisper.cpp" VERSION x.y.z)`, or null when the file does not declare one. */
export function whisperVersionOf(cmakeLists: string): string | null {
  return /project\(\s*"?whisper\.cpp"?\s+VERSION\s+([0-9][0-9A-Za-z.+-]*)\s*\)/.exec(cmakeLists)?.[1] ?? null;
}

/** The whisper.cpp tree inside node_modules; throws with what to do when the package is not installed. */
export async function findWhisperSource(repoRoot: string): Promise<WhisperSource> {
  const packageDir = join(repoRoot, 'node_modules', WHISPER_SOURCE_PACKAGE);
  const dir = join(packageDir, 'cpp', 'whisper.cpp');
  const cmakeLists = join(dir, 'CMakeLists.txt');
  if (!existsSync(cmakeLists))
    throw new Error(
      `${cmakeLists} is missing: run \`npm install\` (the ${WHISPER_SOURCE_PACKAGE} package carries the whisper.cpp source)`,
    );
  const version = whisperVersionOf(await readFile(cmakeLists, 'utf8'));
  if (!version)
    throw new Error(
      `${cmakeLists} does not declare a whisper.cpp version; is ${WHISPER_SOURCE_PACKAGE} intact? (reinstall it with \`npm ci\`)`,
    );
  const packageVersion = (JSON.parse(await readFile(join(packageDir, 'package.json'), 'utf8')) as { version?: unknown })
    .version;
  return { dir, version, packageVersion: typeof packageVersion === 'string' ? packageVersion : 'unknown' };
}

// Which `bin/<backend>/llama-server` builds exist. The first bin dir that has a
// backend wins, so a dev tree's bin/ and a packaged app's resources/bin/ can be
// searched with one list.
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { BACKEND_KINDS, type BackendInfo, type BuildInfo } from '@shared/contract';
import { executableName, isExecutable } from './find-side-binary';

export const SERVER_BINARY = executableName('llama-server');
/** Built with the server from the same tree, under the same build.json (scripts/backend/cmake-flags.ts). */
export const TTS_BINARY = executableName('llama-tts');

export async function discoverBackends(binDirs: readonly string[]): Promise<BackendInfo[]> {
  const found: BackendInfo[] = [];
  for (const kind of BACKEND_KINDS) {
    for (const dir of binDirs) {
      const serverPath = join(dir, kind, SERVER_BINARY);
      if (!(await isFile(serverPath))) continue;
      const ttsPath = join(dir, kind, TTS_BINARY);
      found.push({
        kind,
        serverPath,
        executable: await isExecutable(serverPath),
        build: await readBuildInfo(join(dir, kind, 'build.json')),
        ttsPath: (await isExecutable(ttsPath)) ? ttsPath : null,
      });
      break;
    }
  }
  return found;
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

async function readBuildInfo(path: string): Promise<BuildInfo | null> {
  try {
    return JSON.parse(await readFile(path, 'utf8')) as BuildInfo;
  } catch {
    return null;
  }
}

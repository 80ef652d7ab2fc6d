// Makes sure a llama.cpp source tree is checked out at .cache/llama.cpp/src.
// We pin llama.cpp through the npm package node-llama-cpp, which ships the exact
// llama.cpp source it was released with as a git bundle (llama/gitRelease.bundle):
// one versioned download through the npm registry instead of a GitHub clone, and
// the same commit for every developer and CI run.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rename, rm } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The npm package (and version) whose bundled llama.cpp we build. */
export const LLAMA_SOURCE_PACKAGE = 'node-llama-cpp';
export const LLAMA_SOURCE_PACKAGE_VERSION = '3.22.1';

const BUNDLE_IN_PACKAGE = 'package/llama/gitRelease.bundle';

/** Where the llama.cpp checkout lives under a repo root. */
export function llamaSourceDir(repoRoot: string): string {
  return join(repoRoot, '.cache', 'llama.cpp', 'src');
}

/** Returns the llama.cpp checkout, cloning it from node-llama-cpp's bundle first when it is missing. */
export async function ensureLlamaSource(
  repoRoot: string,
): Promise<{ dir: string; commit: string; packageVersion: string }> {
  const dir = llamaSourceDir(repoRoot);
  if (!existsSync(dir)) {
    const tarball = await ensureTarball(join(repoRoot, '.cache', 'downloads'));
    await cloneFromTarball(tarball, dir);
  }
  const commit = await headCommit(dir);
  return { dir, commit, packageVersion: LLAMA_SOURCE_PACKAGE_VERSION };
}

async function headCommit(dir: string): Promise<string> {
  try {
    const { stdout } = await run('git', ['rev-parse', 'HEAD'], { cwd: dir });
    return stdout.trim();
  } catch (error) {
    throw new Error(
      `${dir} exists but is not a git checkout (${(error as Error).message.trim()}); delete it and run again`,
    );
  }
}

/**
 * `npm pack` the package into `downloads` (once); the download lands under a temp name so a broken one is never reused.
 */
async function ensureTarball(downloads: string): Promise<string> {
  const name = `${LLAMA_SOURCE_PACKAGE}-${LLAMA_SOURCE_PACKAGE_VERSION}.tgz`;
  const tarball = join(downloads, name);
  if (existsSync(tarball)) return tarball;
  await mkdir(downloads, { recursive: true });
  const temp = await mkdtemp(join(downloads, '.pack-'));
  try {
    console.log(
      `llama-source: npm pack ${LLAMA_SOURCE_PACKAGE}@${LLAMA_SOURCE_PACKAGE_VERSION} (≈36 MB) into ${downloads}`,
    );
    // npm is a .cmd script on Windows, which Node only starts through a shell; the arguments are constants.
    const windows = process.platform === 'win32';
    await run(
      windows ? 'npm.cmd' : 'npm',
      ['pack', `${LLAMA_SOURCE_PACKAGE}@${LLAMA_SOURCE_PACKAGE_VERSION}`, '--silent'],
      {
        cwd: temp,
        shell: windows,
        maxBuffer: 16 << 20,
      },
    );
    await rename(join(temp, name), tarball);
  } finally {
    await rm(temp, { recursive: true, force: true });
  }
  return tarball;
}

/** Extracts the bundle and clones it to `dir` through a temp dir, so a half clone never sits at `dir`. */
async function cloneFromTarball(tarball: string, dir: string): Promise<void> {
  const parent = join(dir, '..');
  await mkdir(parent, { recursive: true });
  const temp = await mkdtemp(join(parent, '.clone-'));
  try {
    // Relative paths only: Git-for-Windows' tar reads "C:\…" as a remote host.
    console.log(`llama-source: extracting ${BUNDLE_IN_PACKAGE} from ${tarball}`);
    await run('tar', ['-xzf', relative(temp, tarball), BUNDLE_IN_PACKAGE], { cwd: temp });
    const checkout = join(temp, 'src');
    console.log(`llama-source: git clone of the bundle into ${dir}`);
    await run('git', ['clone', '--quiet', join(temp, BUNDLE_IN_PACKAGE), checkout], { maxBuffer: 16 << 20 });
    // The bundle is deleted below; a remote pointing at it would only confuse later git commands.
    await run('git', ['remote', 'remove', 'origin'], { cwd: checkout });
    try {
      await rename(checkout, dir);
    } catch (error) {
      // Another process finished the same clone first; theirs is as good as ours.
      if (!existsSync(dir)) throw error;
    }
  } finally {
    await rm(temp, { recursive: true, force: true });
  }
}

// Where the stable-diffusion.cpp source comes from. No package registry carries
// it, so either the pinned commit is fetched with git (shallow: the commit and
// its ggml submodule only, not the WebP/WebM/web-UI submodules the build leaves
// out) into .cache/stable-diffusion.cpp/src, or the user names a source
// directory of their own (`--source DIR`, or EVA_SD_SOURCE for `npm test`), for
// machines without the internet.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rename, rm } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export const SD_CPP_REPOSITORY = 'https://github.com/leejet/stable-diffusion.cpp';
/** stable-diffusion.cpp master of 2026-08-19; its ggml submodule is ggml-org/ggml 8e800cef. */
export const SD_CPP_COMMIT = '97d2990807fe6d558e395f8764198d7c7e7b411c';

export interface SdSource {
  dir: string;
  /** the commit checked out, or `local:<dir>` for a directory that is not a git checkout of its own */
  commit: string;
  /** for the build record */
  origin: string;
}

/** Why `dir` cannot be built as stable-diffusion.cpp, or null when it has what the build needs. */
export function sdSourceProblem(dir: string, exists: (path: string) => boolean = existsSync): string | null {
  if (!exists(join(dir, 'CMakeLists.txt')) || !exists(join(dir, 'examples', 'cli', 'main.cpp')))
    return `${dir} is not a stable-diffusion.cpp source tree (no CMakeLists.txt and examples/cli/main.cpp)`;
  if (!exists(join(dir, 'ggml', 'CMakeLists.txt')))
    return `${dir}/ggml is empty: the ggml submodule is missing (run \`git submodule update --init ggml\` in ${dir})`;
  return null;
}

/** The source to build: `sourceDir` when given, else the pinned commit, fetched with git when not there yet. */
export async function ensureSdSource(
  repoRoot: string,
  options: { sourceDir?: string; log?: (line: string) => void } = {},
): Promise<SdSource> {
  if (options.sourceDir !== undefined) {
    const dir = resolve(options.sourceDir);
    const problem = sdSourceProblem(dir);
    if (problem) throw new Error(problem);
    const commit = await ownCheckoutCommit(dir);
    return { dir, commit: commit ?? `local:${dir}`, origin: `local ${dir}` };
  }
  const dir = join(repoRoot, '.cache', 'stable-diffusion.cpp', 'src');
  const log = options.log ?? (() => {});
  if ((await ownCheckoutCommit(dir)) !== SD_CPP_COMMIT || sdSourceProblem(dir)) await fetchPinned(dir, log);
  return { dir, commit: SD_CPP_COMMIT, origin: `git ${SD_CPP_REPOSITORY}` };
}

/**
 * HEAD of `dir` when `dir` is the top of a git checkout; null otherwise (a parent repo's HEAD is not this source's).
 */
async function ownCheckoutCommit(dir: string): Promise<string | null> {
  if (!existsSync(dir)) return null;
  try {
    const top = (await run('git', ['rev-parse', '--show-toplevel'], { cwd: dir })).stdout.trim();
    if (resolve(top) !== resolve(dir)) return null;
    return (await run('git', ['rev-parse', 'HEAD'], { cwd: dir })).stdout.trim();
  } catch {
    return null;
  }
}

/** A shallow clone of the pinned commit and its ggml submodule, made in a temp dir and moved into place whole. */
async function fetchPinned(dir: string, log: (line: string) => void): Promise<void> {
  await mkdir(dirname(dir), { recursive: true });
  const temp = await mkdtemp(join(dirname(dir), '.clone-'));
  const git = (args: string[]) => run('git', args, { cwd: temp, maxBuffer: 16 << 20 });
  try {
    log(
      `fetching stable-diffusion.cpp ${SD_CPP_COMMIT.slice(0, 8)} from ${SD_CPP_REPOSITORY} (shallow, with its ggml submodule)`,
    );
    await git(['init', '--quiet']);
    await git(['remote', 'add', 'origin', SD_CPP_REPOSITORY]);
    await git(['fetch', '--quiet', '--depth', '1', 'origin', SD_CPP_COMMIT]);
    await git(['checkout', '--quiet', 'FETCH_HEAD']);
    await git(['submodule', 'update', '--quiet', '--init', '--depth', '1', 'ggml']);
    await rm(dir, { recursive: true, force: true });
    await rename(temp, dir);
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr?.trim();
    throw new Error(
      `git could not fetch ${SD_CPP_REPOSITORY} at ${SD_CPP_COMMIT.slice(0, 8)}${stderr ? `: ${stderr.split('\n').at(-1)}` : ''}. Without the internet, build from a source directory: npm run backend:build -- --sd --source DIR`,
      { cause: error },
    );
  } finally {
    await rm(temp, { recursive: true, force: true });
  }
}

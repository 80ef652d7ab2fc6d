// Build, or find already built, bin/<backend>/sd-cli from stable-diffusion.cpp
// (the pinned commit fetched with git, or a source directory the user names).
// The same machinery as llama-server's and whisper-cli's builds: toolkit check,
// build lock, cmake with progress, atomic install, and a build record written
// last so a crash means "rebuild".
import { mkdir, readFile, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { writeFileAtomic } from '@main/services/fs/atomic-write';
import { BackendBuildError } from './build-error';
import { acquireBuildLock } from './build-lock';
import { buildCmakeTarget, isExecutable, seconds, type EnsureBackendOptions } from './ensure-backend';
import { executableName, installExecutable } from './install-binary';
import { parseSdBuildInfo, SD_BUILD_RECORD, sdRebuildReason, type SdBuildInfo } from './sd-build-record';
import { sdCmakeFlags, SD_CLI_TARGET } from './sd-flags';
import { ensureSdSource } from './sd-source';
import { checkToolkit } from './toolkit-check';

export interface EnsureSdOptions extends EnsureBackendOptions {
  /** build this stable-diffusion.cpp source directory instead of fetching the pinned commit */
  sourceDir?: string;
}

/**
 * Ensures bin/<backend>/sd-cli is built from the wanted stable-diffusion.cpp with the current flags; throws
 * BackendBuildError.
 */
export async function ensureSdBuilt(options: EnsureSdOptions): Promise<{ cliPath: string; built: boolean }> {
  const { repoRoot, backend } = options;
  const log = options.log ?? (() => {});
  const binDir = join(repoRoot, 'bin', backend);
  const cliPath = join(binDir, executableName(SD_CLI_TARGET));
  const recordPath = join(binDir, SD_BUILD_RECORD);
  const portable = options.portable ?? false;
  const flags = sdCmakeFlags(backend, { portable });
  const check = checkToolkit(backend, { portable });
  // Before any git fetch: without a toolkit the source would be fetched for nothing.
  if (!check.ok)
    throw new BackendBuildError('toolkit-missing', `cannot build the ${backend} sd-cli: ${check.message}`, { backend });

  const source = await ensureSdSource(repoRoot, { sourceDir: options.sourceDir, log }).catch((error: unknown) => {
    throw new BackendBuildError(
      'source-unavailable',
      `could not get the stable-diffusion.cpp source: ${(error as Error).message}`,
      { backend },
    );
  });
  const wanted = { backend, sdCommit: source.commit, cmakeFlags: flags };
  const reasonNow = async () =>
    sdRebuildReason({
      recorded: parseSdBuildInfo(await readFile(recordPath, 'utf8').catch(() => '')),
      binaryExecutable: await isExecutable(cliPath),
      wanted,
      force: options.force ?? false,
    });
  const version = /^[0-9a-f]{40}$/.test(source.commit) ? source.commit.slice(0, 8) : source.commit;
  const upToDate = () =>
    log(`bin/${backend}/sd-cli is up to date (stable-diffusion.cpp ${version}, same flags); nothing to do`);

  if (!(await reasonNow())) {
    upToDate();
    return { cliPath, built: false };
  }
  const cacheDir = join(repoRoot, '.cache', 'stable-diffusion.cpp');
  await mkdir(cacheDir, { recursive: true });
  const release = await acquireBuildLock(join(cacheDir, `build-${backend}.lock`), {
    signal: options.signal,
    onWait: (pid) => log(`waiting for another ${backend} sd-cli build (pid ${pid}) to finish`),
  });
  try {
    const reason = await reasonNow();
    if (!reason) {
      upToDate();
      return { cliPath, built: false };
    }
    log(`building the ${backend} sd-cli (stable-diffusion.cpp ${version}, from ${source.origin}): ${reason}`);
    const started = Date.now();
    const built = await buildCmakeTarget({
      ...options,
      log,
      target: SD_CLI_TARGET,
      sourceDir: source.dir,
      buildDir: join(cacheDir, `build-${backend}`),
      logFile: join(cacheDir, `build-${backend}.log`),
      flags,
      // sd.cpp's CMakeLists asks git for the version it prints; a source dir inside another checkout (EVA's own
      // .cache) would otherwise report that checkout's commit. Git looks no higher than the source dir itself.
      env: { ...check.env, GIT_CEILING_DIRECTORIES: dirname(source.dir) },
    });
    await rm(recordPath, { force: true });
    const installed = await installExecutable(built, binDir, SD_CLI_TARGET).catch((error: unknown) => {
      throw new BackendBuildError('install-failed', (error as Error).message, { backend });
    });
    const info: SdBuildInfo = {
      backend,
      sdCommit: source.commit,
      source: source.origin,
      cmakeFlags: flags,
      builtAt: new Date().toISOString(),
    };
    await writeFileAtomic(recordPath, `${JSON.stringify(info, null, 2)}\n`);
    log(`installed bin/${backend}/sd-cli (${(installed.bytes / 1e6).toFixed(1)} MB) in ${seconds(started)} s`);
    return { cliPath, built: true };
  } finally {
    await release();
  }
}

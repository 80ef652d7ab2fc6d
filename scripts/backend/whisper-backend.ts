// Build, or find already built, bin/<backend>/whisper-cli from the whisper.cpp
// that nodejs-whisper ships. The same machinery as llama-server's build
// (ensure-backend.ts): toolkit check, build lock, cmake with progress, atomic
// install, and a build record written last so a crash means "rebuild".
import { mkdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from '@main/services/fs/atomic-write';
import { BackendBuildError } from './build-error';
import { acquireBuildLock } from './build-lock';
import { buildCmakeTarget, isExecutable, seconds, type EnsureBackendOptions } from './ensure-backend';
import { executableName, installExecutable } from './install-binary';
import { checkToolkit } from './toolkit-check';
import {
  parseWhisperBuildInfo,
  WHISPER_BUILD_RECORD,
  whisperRebuildReason,
  type WhisperBuildInfo,
} from './whisper-build-record';
import { whisperCmakeFlags, WHISPER_CLI_TARGET } from './whisper-flags';
import { findWhisperSource } from './whisper-source';

/**
 * Ensures bin/<backend>/whisper-cli is built from the pinned whisper.cpp with the current flags; throws
 * BackendBuildError.
 */
export async function ensureWhisperBuilt(options: EnsureBackendOptions): Promise<{ cliPath: string; built: boolean }> {
  const { repoRoot, backend } = options;
  const log = options.log ?? (() => {});
  const binDir = join(repoRoot, 'bin', backend);
  const cliPath = join(binDir, executableName(WHISPER_CLI_TARGET));
  const recordPath = join(binDir, WHISPER_BUILD_RECORD);
  const portable = options.portable ?? false;
  const flags = whisperCmakeFlags(backend, { portable });

  const source = await findWhisperSource(repoRoot).catch((error: unknown) => {
    throw new BackendBuildError(
      'source-unavailable',
      `could not find the whisper.cpp source: ${(error as Error).message}`,
      { backend },
    );
  });
  const wanted = { backend, whisperVersion: source.version, cmakeFlags: flags };
  const reasonNow = async () =>
    whisperRebuildReason({
      recorded: parseWhisperBuildInfo(await readFile(recordPath, 'utf8').catch(() => '')),
      binaryExecutable: await isExecutable(cliPath),
      wanted,
      force: options.force ?? false,
    });
  const upToDate = () =>
    log(`bin/${backend}/whisper-cli is up to date (whisper.cpp ${source.version}, same flags); nothing to do`);

  if (!(await reasonNow())) {
    upToDate();
    return { cliPath, built: false };
  }
  const check = checkToolkit(backend, { portable });
  if (!check.ok)
    throw new BackendBuildError('toolkit-missing', `cannot build the ${backend} whisper-cli: ${check.message}`, {
      backend,
    });
  const cacheDir = join(repoRoot, '.cache', 'whisper.cpp');
  await mkdir(cacheDir, { recursive: true });
  const release = await acquireBuildLock(join(cacheDir, `build-${backend}.lock`), {
    signal: options.signal,
    onWait: (pid) => log(`waiting for another ${backend} whisper-cli build (pid ${pid}) to finish`),
  });
  try {
    const reason = await reasonNow();
    if (!reason) {
      upToDate();
      return { cliPath, built: false };
    }
    log(`building the ${backend} whisper-cli (whisper.cpp ${source.version}): ${reason}`);
    const started = Date.now();
    const built = await buildCmakeTarget({
      ...options,
      log,
      target: WHISPER_CLI_TARGET,
      sourceDir: source.dir,
      buildDir: join(cacheDir, `build-${backend}`),
      logFile: join(cacheDir, `build-${backend}.log`),
      flags,
      env: check.env,
    });
    await rm(recordPath, { force: true });
    const installed = await installExecutable(built, binDir, WHISPER_CLI_TARGET).catch((error: unknown) => {
      throw new BackendBuildError('install-failed', (error as Error).message, { backend });
    });
    const info: WhisperBuildInfo = {
      backend,
      whisperVersion: source.version,
      source: `nodejs-whisper@${source.packageVersion} cpp/whisper.cpp`,
      cmakeFlags: flags,
      builtAt: new Date().toISOString(),
    };
    await writeFileAtomic(recordPath, `${JSON.stringify(info, null, 2)}\n`);
    log(`installed bin/${backend}/whisper-cli (${(installed.bytes / 1e6).toFixed(1)} MB) in ${seconds(started)} s`);
    return { cliPath, built: true };
  } finally {
    await release();
  }
}

// Build, or find already built, bin/<backend>/llama-server (with llama-quantize, llama-imatrix, the RPC
// worker ggml-rpc-server and llama-tts beside it) from the llama.cpp that node-llama-cpp ships.
// Used by `npm run backend:build`, and by `npm start` and `npm test` when a
// binary is missing.
import { createWriteStream } from 'node:fs';
import { access, constants, mkdir, readFile, rm } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import type { BackendKind, BuildInfo } from '@shared/contract';
import { writeFileAtomic } from '@main/services/fs/atomic-write';
import { buildDirConflict, parseBuildInfo, rebuildReason } from './build-cache';
import { BackendBuildError } from './build-error';
import { acquireBuildLock } from './build-lock';
import { lastLines, outerProgress, progressMilestones } from './build-progress';
import { cmakeFlags, LLAMA_SERVER_TARGET, LLAMA_SIDE_TARGETS, LLAMA_TTS_TARGET } from './cmake-flags';
import { executableName, findBuiltExecutable, installExecutable } from './install-binary';
import { ensureLlamaSource } from './llama-source';
import { runStep } from './run-step';
import { checkToolkit } from './toolkit-check';
import { keepPrevious, PREVIOUS_DIR } from './backend-generations';
import { requireSmokePass } from './smoke-test';
import { requireTtsSmokePass } from './tts-smoke-test';

export interface EnsureBackendOptions {
  repoRoot: string;
  backend: BackendKind;
  /** rebuild even when bin/<backend> is current */
  force?: boolean;
  /** GGML_NATIVE=OFF, for binaries that ship to other machines */
  portable?: boolean;
  /** one progress line at a time, without trailing newline */
  log?: (line: string) => void;
  signal?: AbortSignal;
  /** install without loading a model first (a build for another machine whose GPU this one lacks) */
  skipSmokeTest?: boolean;
}

const LOG_TAIL_LINES = 40;

/**
 * Ensures bin/<backend>/llama-server, llama-quantize, llama-imatrix and ggml-rpc-server are built from the pinned
 * llama.cpp with the current flags; throws BackendBuildError.
 */
export async function ensureBackendBuilt(
  options: EnsureBackendOptions,
): Promise<{ serverPath: string; built: boolean }> {
  const { repoRoot, backend } = options;
  const log = options.log ?? (() => {});
  const binDir = join(repoRoot, 'bin', backend);
  const serverPath = join(binDir, executableName(LLAMA_SERVER_TARGET));
  const flags = cmakeFlags(backend, { portable: options.portable ?? false });
  // The tools are only ever installed with (or after) a server whose build.json they match, so a current
  // server with a tool missing (a bin/ from before the tools were added) needs just the missing targets.
  const missingTools = async () => {
    const present = await Promise.all(
      LLAMA_SIDE_TARGETS.map((tool) => isExecutable(join(binDir, executableName(tool)))),
    );
    return LLAMA_SIDE_TARGETS.filter((_tool, index) => !present[index]);
  };

  let toolkitEnv: Record<string, string> | undefined;
  const requireToolkit = (): Record<string, string> => {
    if (toolkitEnv) return toolkitEnv;
    const check = checkToolkit(backend, { portable: options.portable ?? false });
    if (!check.ok)
      throw new BackendBuildError('toolkit-missing', `cannot build the ${backend} backend: ${check.message}`, {
        backend,
      });
    return (toolkitEnv = check.env);
  };
  // When a build is certain, check the toolkit before fetching ~36 MB of source.
  if (options.force || !(await isExecutable(serverPath)) || (await missingTools()).length > 0) requireToolkit();

  const source = await ensureLlamaSource(repoRoot).catch((error: unknown) => {
    throw new BackendBuildError(
      'source-unavailable',
      `could not get the llama.cpp source: ${(error as Error).message}`,
      { backend },
    );
  });
  const wanted = { backend, llamaCppCommit: source.commit, cmakeFlags: flags };
  const reasonNow = async () =>
    rebuildReason({
      recorded: await readBuildInfo(join(binDir, 'build.json')),
      binaryExecutable: await isExecutable(serverPath),
      wanted,
      force: options.force ?? false,
    });
  const upToDate = () =>
    log(
      `bin/${backend}/llama-server, ${LLAMA_SIDE_TARGETS.join(', ')} are up to date (llama.cpp ${source.commit.slice(0, 8)}, same flags); nothing to do`,
    );

  if (!(await reasonNow()) && (await missingTools()).length === 0) {
    upToDate();
    return { serverPath, built: false };
  }
  const env = requireToolkit();
  const cacheDir = join(repoRoot, '.cache', 'llama.cpp');
  await mkdir(cacheDir, { recursive: true });
  const release = await acquireBuildLock(join(cacheDir, `build-${backend}.lock`), {
    signal: options.signal,
    onWait: (pid) => log(`waiting for another ${backend} build (pid ${pid}) to finish`),
  });
  try {
    // The build we waited for may have produced exactly these binaries.
    const reason = await reasonNow();
    const toolsMissing = await missingTools();
    if (!reason && toolsMissing.length === 0) {
      upToDate();
      return { serverPath, built: false };
    }
    const buildDir = join(cacheDir, `build-${backend}`);
    const spec = {
      ...options,
      log,
      sourceDir: source.dir,
      buildDir,
      logFile: join(cacheDir, `build-${backend}.log`),
      flags,
      env,
    };
    const started = Date.now();
    const smokeAt = { repoRoot, backend, log, skip: options.skipSmokeTest ?? false };
    if (!reason) {
      log(
        `bin/${backend}/llama-server is current but ${toolsMissing.join(' and ')} ${toolsMissing.length > 1 ? 'are' : 'is'} missing: ` +
          `building ${toolsMissing.length > 1 ? 'them' : 'it'} from the same llama.cpp ${source.commit.slice(0, 8)} ` +
          `(seconds where ${buildDir} is kept, a full build where it is not)`,
      );
      const [first, ...rest] = toolsMissing as [string, ...string[]];
      await buildCmakeTarget({ ...spec, target: first, sideTargets: rest });
      if (toolsMissing.includes(LLAMA_TTS_TARGET)) await requireTtsSmokePass(builtTts(buildDir, backend), smokeAt);
      await installTools({ binDir, buildDir, backend, tools: toolsMissing, log });
      log(`installed ${toolsMissing.join(', ')} in ${seconds(started)} s`);
      return { serverPath, built: true };
    }
    log(
      `building the ${backend} llama-server with ${LLAMA_SIDE_TARGETS.join(', ')} (llama.cpp ${source.commit.slice(0, 8)}): ${reason}`,
    );
    const built = await buildCmakeTarget({ ...spec, target: LLAMA_SERVER_TARGET, sideTargets: LLAMA_SIDE_TARGETS });
    await requireSmokePass(built, smokeAt);
    await requireTtsSmokePass(builtTts(buildDir, backend), smokeAt);
    if (await keepPrevious(binDir, [LLAMA_SERVER_TARGET, ...LLAMA_SIDE_TARGETS]))
      log(`the build it replaces is kept in bin/${backend}/${PREVIOUS_DIR}/ (npm run backend:rollback puts it back)`);
    // build.json goes first and comes back last: a crash in between leaves none, which means "rebuild".
    await rm(join(binDir, 'build.json'), { force: true });
    const installed = await installExecutable(built, binDir, LLAMA_SERVER_TARGET).catch((error: unknown) => {
      throw new BackendBuildError('install-failed', (error as Error).message, { backend });
    });
    await installTools({ binDir, buildDir, backend, tools: LLAMA_SIDE_TARGETS, log });
    const info: BuildInfo = {
      backend,
      llamaCppCommit: source.commit,
      source: `node-llama-cpp@${source.packageVersion} llama/gitRelease.bundle`,
      cmakeFlags: flags,
      builtAt: new Date().toISOString(),
    };
    await writeFileAtomic(join(binDir, 'build.json'), `${JSON.stringify(info, null, 2)}\n`);
    log(`installed bin/${backend}/llama-server (${(installed.bytes / 1e6).toFixed(1)} MB) in ${seconds(started)} s`);
    return { serverPath, built: true };
  } finally {
    await release();
  }
}

/** One cmake target to build; shared with the whisper-cli build (whisper-backend.ts). */
export interface BuildSpec extends EnsureBackendOptions {
  log: (line: string) => void;
  /** the cmake target, also the executable's name */
  target: string;
  /**
   * more targets built in the same `cmake --build` (llama-quantize and llama-imatrix beside llama-server); found
   * afterwards with findBuiltExecutable
   */
  sideTargets?: readonly string[];
  sourceDir: string;
  buildDir: string;
  logFile: string;
  flags: string[];
  env: Record<string, string>;
}

/** cmake configure + build of one target; returns the built executable. */
export async function buildCmakeTarget(spec: BuildSpec): Promise<string> {
  const { backend, buildDir, log, logFile } = spec;
  const conflict = buildDirConflict(
    await readFile(join(buildDir, 'CMakeCache.txt'), 'utf8').catch(() => ''),
    { sourceDir: spec.sourceDir, generator: process.env.CMAKE_GENERATOR },
    samePath,
  );
  if (conflict) {
    log(`starting ${buildDir} afresh: ${conflict}`);
    await rm(buildDir, { recursive: true, force: true });
  }
  log(`full cmake output: ${logFile}`);
  const logStream = createWriteStream(logFile);
  const closeLog = () => new Promise<void>((done) => logStream.end(done));
  const step = async (phase: 'configure' | 'compile', args: string[], onLine?: (line: string) => void) => {
    const started = Date.now();
    log(`${phase}…`);
    const result = await runStep('cmake', args, { logStream, onLine, env: spec.env, signal: spec.signal });
    if (result.exitCode === 0) return log(`${phase} done in ${seconds(started)} s`);
    await closeLog();
    if (result.aborted)
      throw new BackendBuildError('aborted', `the ${backend} ${spec.target} build was cancelled during ${phase}`, {
        backend,
        logFile,
      });
    if (result.startError)
      throw new BackendBuildError('toolkit-missing', `could not run cmake: ${result.startError.message}`, { backend });
    const logTail = lastLines(await readFile(logFile, 'utf8'), LOG_TAIL_LINES);
    throw new BackendBuildError(
      `${phase}-failed`,
      `cmake ${phase} of the ${backend} ${spec.target} failed (exit ${result.exitCode}); full log: ${logFile}`,
      { backend, logFile, logTail, exitCode: result.exitCode },
    );
  };

  await step('configure', ['-S', spec.sourceDir, '-B', buildDir, ...spec.flags]);
  const milestone = progressMilestones(10);
  const progress = outerProgress();
  const jobs = String(Math.max(1, availableParallelism()));
  await step(
    'compile',
    ['--build', buildDir, '--config', 'Release', '--target', spec.target, ...(spec.sideTargets ?? []), '-j', jobs],
    (line) => {
      const percent = progress(line);
      const reached = percent === null ? null : milestone(percent);
      if (reached !== null) log(`compile: ${reached}%`);
    },
  );
  await closeLog();

  for (const side of spec.sideTargets ?? []) builtPath(buildDir, side, backend, logFile);
  return builtPath(buildDir, spec.target, backend, logFile);
}

/** Where the build put `target`'s executable; throws binary-missing when it is not there. */
function builtPath(buildDir: string, target: string, backend: BackendKind, logFile?: string): string {
  const built = findBuiltExecutable(buildDir, target);
  if (!built)
    throw new BackendBuildError(
      'binary-missing',
      `the build finished but no ${target} was found under ${join(buildDir, 'bin')}`,
      { backend, logFile },
    );
  return built;
}

/** The llama-tts a build made, for its smoke test before it is installed. */
function builtTts(buildDir: string, backend: BackendKind): string {
  return builtPath(buildDir, LLAMA_TTS_TARGET, backend);
}

/** Installs the built tools from buildDir into binDir, each atomically. */
async function installTools(at: {
  binDir: string;
  buildDir: string;
  backend: BackendKind;
  tools: readonly string[];
  log: (line: string) => void;
}): Promise<void> {
  const { binDir, backend, log } = at;
  for (const tool of at.tools) {
    const installed = await installExecutable(builtPath(at.buildDir, tool, backend), binDir, tool).catch(
      (error: unknown) => {
        throw new BackendBuildError('install-failed', (error as Error).message, { backend });
      },
    );
    log(`installed bin/${backend}/${tool} (${(installed.bytes / 1e6).toFixed(1)} MB)`);
  }
}

async function readBuildInfo(path: string): Promise<BuildInfo | null> {
  return parseBuildInfo(await readFile(path, 'utf8').catch(() => ''));
}

export async function isExecutable(path: string): Promise<boolean> {
  return access(path, constants.X_OK).then(
    () => true,
    () => false,
  );
}

function samePath(a: string, b: string): boolean {
  const norm = (path: string) => (process.platform === 'win32' ? resolve(path).toLowerCase() : resolve(path));
  return norm(a) === norm(b);
}

export function seconds(since: number): number {
  return Math.round((Date.now() - since) / 1000);
}

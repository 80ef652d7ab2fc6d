// Build (or find already built) bin/<backend>/llama-server. Used by the CLI,
// by `npm start` and by `npm test` when the binary is missing.
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync } from 'node:fs';
import { access, chmod, constants, copyFile, mkdir, readFile, rename } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import type { BackendKind, BuildInfo } from '../../src/shared/contract';
import { writeFileAtomic } from '../../src/main/services/fs/atomic-write';
import { rebuildReason } from './build-cache';
import { cmakeFlags } from './cmake-flags';
import { ensureLlamaSource, LLAMA_SOURCE_PACKAGE, LLAMA_SOURCE_PACKAGE_VERSION } from './llama-source';
import { missingToolkit } from './toolkit-check';

export interface EnsureOptions {
  repoRoot: string;
  backend: BackendKind;
  force?: boolean;
  portable?: boolean;
  log?: (line: string) => void;
}

const EXE = process.platform === 'win32' ? '.exe' : '';
const LOG_TAIL_LINES = 40;

export async function ensureBackendBuilt(options: EnsureOptions): Promise<{ serverPath: string; built: boolean }> {
  const log = options.log ?? (() => {});
  const { backend, repoRoot } = options;
  const binDir = join(repoRoot, 'bin', backend);
  const serverPath = join(binDir, `llama-server${EXE}`);
  const missing = missingToolkit(backend);
  if (missing) throw new Error(`cannot build the ${backend} backend: ${missing}`);

  const source = await ensureLlamaSource(repoRoot);
  const flags = cmakeFlags(backend, { portable: options.portable ?? false });
  const reason = rebuildReason({
    recorded: await readBuildInfo(join(binDir, 'build.json')),
    binaryExecutable: await isExecutable(serverPath),
    wanted: { backend, llamaCppCommit: source.commit, cmakeFlags: flags },
    force: options.force ?? false,
  });
  if (!reason) {
    log(`bin/${backend}/llama-server is up to date (llama.cpp ${source.commit.slice(0, 8)}); nothing to do`);
    return { serverPath, built: false };
  }

  const cacheDir = join(repoRoot, '.cache', 'llama.cpp');
  const buildDir = join(cacheDir, `build-${backend}`);
  const logFile = join(cacheDir, `build-${backend}.log`);
  log(`building the ${backend} llama-server: ${reason}; full log in ${logFile}`);
  const started = Date.now();
  await runLogged('cmake', ['-S', source.dir, '-B', buildDir, ...flags], logFile, 'w', log, 'configure');
  const jobs = String(Math.max(1, availableParallelism()));
  await runLogged('cmake', ['--build', buildDir, '--config', 'Release', '--target', 'llama-server', '-j', jobs], logFile, 'a', log, 'compile');

  const built = [join(buildDir, 'bin', `llama-server${EXE}`), join(buildDir, 'bin', 'Release', `llama-server${EXE}`)].find((path) => existsSync(path));
  if (!built) throw new Error(`the build finished but no llama-server binary was found under ${join(buildDir, 'bin')}`);
  await mkdir(binDir, { recursive: true });
  // Copy under a temp name and rename, so a half-copied binary is never picked up.
  const temp = join(binDir, `.llama-server${EXE}.${process.pid}.tmp`);
  await copyFile(built, temp);
  await chmod(temp, 0o755);
  await rename(temp, serverPath);
  const info: BuildInfo = {
    backend,
    llamaCppCommit: source.commit,
    source: `${LLAMA_SOURCE_PACKAGE}@${LLAMA_SOURCE_PACKAGE_VERSION} llama/gitRelease.bundle`,
    cmakeFlags: flags,
    builtAt: new Date().toISOString(),
  };
  await writeFileAtomic(join(binDir, 'build.json'), `${JSON.stringify(info, null, 2)}\n`);
  log(`built bin/${backend}/llama-server in ${Math.round((Date.now() - started) / 1000)} s`);
  return { serverPath, built: true };
}

async function readBuildInfo(path: string): Promise<BuildInfo | null> {
  try {
    return JSON.parse(await readFile(path, 'utf8')) as BuildInfo;
  } catch {
    return null;
  }
}

async function isExecutable(path: string): Promise<boolean> {
  try {
    await access(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** Runs a command with its output going to the log file; prints a progress line every 10 %; on failure the log's tail. */
function runLogged(command: string, args: string[], logFile: string, flags: 'w' | 'a', log: (line: string) => void, phase: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const out = createWriteStream(logFile, { flags });
    out.write(`\n$ ${command} ${args.join(' ')}\n`);
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let lastDecile = -1;
    const tail: string[] = [];
    let partial = '';
    const onData = (chunk: Buffer) => {
      out.write(chunk);
      const lines = (partial + chunk.toString('utf8')).split(/\r?\n/);
      partial = lines.pop() ?? '';
      for (const line of lines) {
        tail.push(line);
        if (tail.length > LOG_TAIL_LINES) tail.shift();
        const percent = /^\[\s*(\d+)%\]/.exec(line);
        if (percent) {
          const decile = Math.floor(Number(percent[1]) / 10);
          if (decile > lastDecile) {
            lastDecile = decile;
            log(`${phase}: ${decile * 10}%`);
          }
        }
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('error', (error) => out.end(() => reject(new Error(`could not run ${command}: ${error.message}`))));
    child.on('close', (code) => {
      if (partial) tail.push(partial);
      out.end(() => {
        if (code === 0) return resolve();
        console.error(`[backend] ${phase} failed (exit ${code}); last ${tail.length} lines of ${logFile}:\n${tail.join('\n')}`);
        reject(new Error(`${command} ${phase} failed with exit code ${code}`));
      });
    });
  });
}

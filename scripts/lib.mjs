// Small helpers shared by the npm entry scripts (start, test, bench).
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const root = join(import.meta.dirname, '..');
export const bin = (name) => join(root, 'node_modules', '.bin', process.platform === 'win32' ? `${name}.cmd` : name);

export function say(text) {
  console.log(`[eva] ${text}`);
}

/** Run a command with inherited stdio; resolves with its exit code. */
export function run(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      stdio: 'inherit',
      ...options,
      shell: process.platform === 'win32',
    });
    child.on('error', (error) => {
      console.error(`[eva] could not run ${command}: ${error.message}`);
      resolve(127);
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 128 : 1)));
  });
}

export async function mustRun(label, command, args, options) {
  say(label);
  const code = await run(command, args, options);
  if (code !== 0) {
    console.error(`[eva] ${label} failed (exit ${code})`);
    process.exit(code);
  }
}

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

/** true when out/ is missing or older than any source file. */
export function buildIsStale() {
  const stamp = join(root, 'out', 'renderer', 'index.html');
  if (!existsSync(join(root, 'out', 'main', 'host.js')) || !existsSync(stamp)) return true;
  const built = statSync(stamp).mtimeMs;
  return newestMtime(join(root, 'src')) > built || newestMtime(join(root, 'resources')) > built;
}

export async function ensureBuilt() {
  if (buildIsStale()) await mustRun('building the app (electron-vite build)', bin('electron-vite'), ['build']);
}

export async function ensureCpuBackend() {
  const exe = process.platform === 'win32' ? 'llama-server.exe' : 'llama-server';
  const has = ['cpu', 'cuda', 'vulkan', 'opencl'].some((kind) => existsSync(join(root, 'bin', kind, exe)));
  if (!has)
    await mustRun(
      'no llama-server found: building the CPU backend from source (about 7–9 minutes on 2 cores)',
      bin('tsx'),
      ['scripts/backend/build-backend.ts', '--backend', 'cpu'],
    );
}

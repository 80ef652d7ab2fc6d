// Runs after `npm install`. Electron is an optional dependency because its own
// install script downloads the Electron binary: where that download is
// impossible (offline build machines, CI sandboxes) npm drops the package and
// the install still succeeds. We then unpack the same pinned version from the
// npm registry *without* the binary, so that TypeScript has Electron's types and
// electron-vite can build; `npm start` notices the missing binary and runs the
// browser host instead. On a machine with internet nothing happens here.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = process.cwd();
const wanted = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).optionalDependencies.electron;
const target = join(root, 'node_modules', 'electron');

function installedVersion() {
  try {
    return JSON.parse(readFileSync(join(target, 'package.json'), 'utf8')).version;
  } catch {
    return null;
  }
}

if (installedVersion() === wanted) process.exit(0);

console.log(
  `[eva] electron ${wanted} could not install its binary here; unpacking its package without the binary (types + build only).`,
);
const scratch = mkdtempSync(join(tmpdir(), 'eva-electron-'));
try {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const tarball = execFileSync(npm, ['pack', `electron@${wanted}`, '--silent'], {
    cwd: scratch,
    encoding: 'utf8',
    shell: process.platform === 'win32',
  })
    .trim()
    .split('\n')
    .pop();
  rmSync(target, { recursive: true, force: true });
  mkdirSync(target, { recursive: true });
  execFileSync('tar', ['xzf', join(scratch, tarball), '-C', target, '--strip-components=1']);
  if (!existsSync(join(target, 'electron.d.ts'))) throw new Error('electron.d.ts missing from the package');
  console.log('[eva] electron package ready (no binary: `npm start` will use the browser host).');
} catch (error) {
  // Not fatal: the browser host and every test still work without Electron.
  console.warn(`[eva] could not unpack electron's package: ${error.message}`);
} finally {
  rmSync(scratch, { recursive: true, force: true });
}

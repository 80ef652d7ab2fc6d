// `npm start`: the Electron app when its binary is installed, otherwise (or with
// --browser, which is `npm run serve`) the browser host, said in one line.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { ensureBuilt, ensureCpuBackend, root, say } from './lib.mjs';

function electronBinary() {
  try {
    // In plain Node, the electron package exports the binary's path — or throws when it was never downloaded.
    const path = createRequire(import.meta.url)('electron');
    return typeof path === 'string' && existsSync(path) ? path : null;
  } catch {
    return null;
  }
}

const browserOnly = process.argv.includes('--browser');
await ensureBuilt();
await ensureCpuBackend();

const electron = browserOnly ? null : electronBinary();
if (!browserOnly && !electron) {
  say("Electron's binary is not installed on this machine (it is downloaded by `npm install` where the internet is reachable); running the browser host instead.");
}
const [command, args] = electron ? [electron, ['.']] : [process.execPath, [join(root, 'out', 'main', 'host.js')]];
const child = spawn(command, args, { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));

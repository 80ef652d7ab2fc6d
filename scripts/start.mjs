// `npm start`: the Electron app when its binary is installed, otherwise (or with
// --browser, which is `npm run serve`) the browser host, said in one line.
//
// Stopping: SIGINT/SIGTERM are passed on to the app. npm runs scripts through
// `sh -c`, which does not pass on the signals npm forwards to it (dash ignores
// SIGINT while it waits, and dies of SIGTERM leaving us running): package.json
// says `exec node …` so that no shell stands between npm and us (`|| node …`
// is the same command where the shell is cmd.exe, which has no exec). We also
// watch our parent (and npm above it) and stop the app when either is gone.
// The app holds a pipe from us as stdin and quits when it closes, so even a
// SIGKILL of this script leaves nothing running.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
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
  say(
    "Electron's binary is not installed on this machine (it is downloaded by `npm install` where the internet is reachable); running the browser host instead.",
  );
}
const [command, args] = electron ? [electron, ['.']] : [process.execPath, [join(root, 'out', 'main', 'host.js')]];
const child = spawn(command, args, {
  cwd: root,
  stdio: ['pipe', 'inherit', 'inherit'],
  env: { ...process.env, EVA_EXIT_WITH_PARENT: 'stdin' },
});
let stopping = false;
const stop = (signal) => {
  if (stopping) return;
  stopping = true;
  child.kill(signal);
};
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));

/** Linux: the parent pid of `pid` and whether it is a zombie, from /proc; null where there is no /proc. */
function procStat(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { ppid: Number(ppid), zombie: state === 'Z' || state === 'X' };
  } catch {
    return null;
  }
}

function isGone(pid) {
  if (existsSync('/proc/self/stat')) return procStat(pid)?.zombie ?? true;
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return error.code !== 'EPERM';
  }
}

const parent = process.ppid;
// Under npm, the sh in between and npm itself: either one gone means we were told to stop.
const watched = [parent];
const grandparent = process.env.npm_lifecycle_event ? procStat(parent)?.ppid : undefined;
if (grandparent && grandparent > 1) watched.push(grandparent);
setInterval(() => {
  const reparented = procStat(process.pid) !== null && procStat(process.pid).ppid !== parent;
  if (reparented || watched.some(isGone)) stop('SIGTERM');
}, 250).unref();

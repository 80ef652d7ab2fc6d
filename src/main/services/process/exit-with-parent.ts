// `npm start` / `npm run serve` run the app under scripts/start.mjs, which
// hands it the read end of a pipe as stdin. When start.mjs is gone — killed,
// even by SIGKILL — the pipe closes and the app quits gracefully, so nothing
// is left running behind a dead launcher. Opt-in (EVA_EXIT_WITH_PARENT=stdin):
// an app started from a desktop launcher keeps running when its launcher exits.
import type { Readable } from 'node:stream';

export function exitWithParent(env: NodeJS.ProcessEnv, stdin: Readable, quit: () => void): void {
  if (env.EVA_EXIT_WITH_PARENT !== 'stdin') return;
  let told = false;
  const gone = () => {
    if (told) return;
    told = true;
    quit();
  };
  stdin.on('end', gone);
  stdin.on('close', gone);
  stdin.on('error', gone);
  stdin.resume();
}

#!/usr/bin/env node
// `eva` (the package's bin: `npx eva …` in the checkout, or `npm link`): builds
// the app first when its sources changed — saying so on stderr, so a pipe gets
// only the answer — then runs the terminal client (src/main/cli/eva.ts, built
// into out/main/eva.js).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { bin, buildIsStale, root } from './lib.mjs';

const entry = join(root, 'out', 'main', 'eva.js');
if (buildIsStale() || !existsSync(entry)) {
  process.stderr.write('[eva] building the app (electron-vite build)…\n');
  const built = spawnSync(bin('electron-vite'), ['build'], {
    cwd: root,
    stdio: ['ignore', 2, 2],
    shell: process.platform === 'win32',
  });
  if (built.status !== 0) {
    process.stderr.write(`[eva] the build failed (exit ${built.status ?? built.signal})\n`);
    process.exit(1);
  }
}
await import(pathToFileURL(entry).href);

// llama.cpp's own web UI, the peer the chat benchmarks compare against. It is
// built from the same llama.cpp source as our llama-server (tools/ui) into
// .cache/webui/dist the first time a benchmark needs it (~2–6 minutes).
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ensureLlamaSource } from '../scripts/backend/llama-source';

export async function ensureWebUi(repoRoot: string): Promise<string> {
  const dir = join(repoRoot, '.cache', 'webui');
  const dist = join(dir, 'dist');
  if (existsSync(join(dist, 'index.html'))) return dist;
  const source = await ensureLlamaSource(repoRoot);
  console.error('[bench] building llama.cpp web UI (tools/ui) for the peer comparison…');
  rmSync(dir, { recursive: true, force: true });
  cpSync(join(source.dir, 'tools', 'ui'), dir, { recursive: true });
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const run = (args: string[]) =>
    execFileSync(npm, args, { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'], shell: process.platform === 'win32' });
  // Its install scripts are not needed for a production build; `svelte-kit sync` is what `prepare` would do.
  run(['ci', '--ignore-scripts', '--no-audit', '--no-fund']);
  run(['exec', '--', 'svelte-kit', 'sync']);
  run(['run', 'build']);
  if (!existsSync(join(dist, 'index.html'))) throw new Error(`the web UI build left no ${dist}/index.html`);
  return dist;
}

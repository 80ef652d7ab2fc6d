// Starts the real browser host (the built app, `node out/main/host.js`) with a
// temporary data dir, and hands tests its URL. Stopped with SIGTERM, as a user's Ctrl+C would.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';

export const repoRoot = resolve(import.meta.dirname, '..', '..');
export const tinyModel = join(repoRoot, '.cache', 'models', 'tiny-llama.gguf');

export interface RunningHost {
  url: string;
  dataDir: string;
  process: ChildProcess;
  output: string[];
  stop(): Promise<number | null>;
}

export async function startHost(env: Record<string, string> = {}): Promise<RunningHost> {
  const dataDir = mkdtempSync(join(tmpdir(), 'eva-e2e-'));
  // The host quits when this test process goes away (its stdin pipe closes), even when a failing test never stops it.
  const child = spawn(process.execPath, [join(repoRoot, 'out', 'main', 'host.js')], {
    cwd: repoRoot,
    env: { ...process.env, EVA_DATA_DIR: dataDir, EVA_EXIT_WITH_PARENT: 'stdin', ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const url = await new Promise<string>((resolvePromise, reject) => {
    const timer = setTimeout(() => reject(new Error(`host did not print its URL: ${output.join('\n')}`)), 30_000);
    for (const stream of [child.stdout, child.stderr]) {
      createInterface({ input: stream }).on('line', (line) => {
        output.push(line);
        const match = /^EVA Desktop is at (http:\/\/127\.0\.0\.1:\d+\/\?token=\S+)$/.exec(line);
        if (match?.[1]) {
          clearTimeout(timer);
          resolvePromise(match[1]);
        }
      });
    }
    child.once('exit', (code) => reject(new Error(`host exited with ${code}: ${output.join('\n')}`)));
  });
  return {
    url,
    dataDir,
    process: child,
    output,
    stop: () =>
      new Promise((resolvePromise) => {
        if (child.exitCode !== null) return resolvePromise(child.exitCode);
        child.once('exit', (code) => resolvePromise(code));
        child.kill('SIGTERM');
      }),
  };
}

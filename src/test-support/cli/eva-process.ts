// `eva` as a user runs it: the real bin (scripts/eva.mjs → out/main/eva.js) as a
// child process on a data dir of its own, piped or in a real pseudo-terminal.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { repoRoot } from '@test-support/host-process';
import { startTestServer, type TestServer } from '@test-support/llama/test-server';

// Each eva test starts several eva processes (a node start and a core each),
// often a llama-server too: on a loaded 2-core CI machine that is many times
// the few seconds it takes alone, so the usual 30 s limit is too tight. The
// screen waits give up at 40 s, before this, so a hang shows what was on screen.
export const CLI_TEST_TIMEOUT_MS = 120_000;

export interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs eva; `onStdout` may act on the answer as it streams (a Ctrl+C, a reader that goes away). */
export function eva(
  args: string[],
  dataDir: string,
  options: {
    stdin?: string;
    keepStdinOpen?: boolean;
    onStdout?: (text: string, child: ReturnType<typeof spawn>) => void;
    onStderr?: (text: string, child: ReturnType<typeof spawn>) => void;
  } = {},
): Promise<Ran> {
  const child = spawn(process.execPath, [join(repoRoot, 'scripts', 'eva.mjs'), ...args], {
    cwd: repoRoot,
    env: { ...process.env, EVA_DATA_DIR: dataDir },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
    options.onStdout?.(stdout, child);
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
    options.onStderr?.(stderr, child);
  });
  child.stdout.on('error', () => undefined);
  if (options.keepStdinOpen) child.stdin.write(options.stdin ?? '');
  else child.stdin.end(options.stdin ?? '');
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}

/** eva in a real pseudo-terminal (script(1)): what it shows, typing into it, waiting for text on the screen. */
export function inTerminal(args: string[], dataDir: string) {
  const command = [process.execPath, join(repoRoot, 'scripts', 'eva.mjs'), ...args]
    .map((arg) => `'${arg.replace(/'/g, "'\\''")}'`)
    .join(' ');
  const child = spawn('script', ['-qfec', command, '/dev/null'], {
    cwd: repoRoot,
    env: { ...process.env, EVA_DATA_DIR: dataDir, TERM: 'dumb' },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let shown = '';
  child.stdout.on('data', (chunk: Buffer) => (shown += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
  /** waits until the screen shows `text` `times` times in all */
  const until = async (text: string, times = 1) => {
    const start = Date.now();
    while (shown.split(text).length - 1 < times) {
      if (Date.now() - start > 40_000) throw new Error(`never saw ${JSON.stringify(text)} ×${times}:\n${shown}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  return { until, exited, type: (text: string) => child.stdin.write(text), screen: () => shown };
}

export const own = () => mkdtempSync(join(tmpdir(), 'eva-cli-'));

/**
 * One tiny llama-server per test file for the tests that only need something to answer (behind a link or the grammar
 * proxy), started on first use and stopped after the file: what they check is what eva does with the answers, which no
 * earlier test's requests change.
 */
export function useAnsweringServer(): () => Promise<TestServer> {
  let answering: Promise<TestServer> | null = null;
  afterAll(async () => {
    if (answering) await (await answering).stop();
  });
  return () => (answering ??= startTestServer());
}

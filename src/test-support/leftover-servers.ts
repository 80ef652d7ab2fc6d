// Test servers that outlive their test. A test that fails before it stops its
// llama-server would leave it running: vitest ends its workers with a signal,
// so no exit handler of theirs runs. Each test server's pid is written here as
// it starts and removed as it stops; the global teardown (global-setup.ts), in
// vitest's own process, kills whatever is still listed.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * One folder per vitest run (the main process's pid, set by the global setup), so parallel runs leave each other alone.
 */
const listDir = () => join(tmpdir(), `eva-test-servers-${process.env.EVA_TEST_RUN_ID ?? 'default'}`);

export function noteServer(pid: number): void {
  const dir = listDir();
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, String(pid)), '');
}

export function forgetServer(pid: number): void {
  rmSync(join(listDir(), String(pid)), { force: true });
}

/** Kills every listed server still running; returns how many there were. */
export function killLeftoverServers(): number {
  const dir = listDir();
  let killed = 0;
  let names: string[] = [];
  try {
    names = readdirSync(dir);
  } catch {
    return 0;
  }
  for (const name of names) {
    try {
      if (isLlamaServer(Number(name))) {
        process.kill(Number(name), 'SIGKILL');
        killed++;
      }
    } catch {
      // already gone
    }
    rmSync(join(dir, name), { force: true });
  }
  rmSync(dir, { recursive: true, force: true });
  return killed;
}

/**
 * Where /proc says what a pid runs, only a llama-server is killed (a server that died on its own may have passed its
 * pid on).
 */
function isLlamaServer(pid: number): boolean {
  const cmdline = `/proc/${pid}/cmdline`;
  if (!existsSync('/proc/self/cmdline')) return true;
  try {
    return readFileSync(cmdline, 'utf8').includes('llama-server');
  } catch {
    return false;
  }
}

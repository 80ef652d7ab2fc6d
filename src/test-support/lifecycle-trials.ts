// The no-orphan trials (nothing the app started outlives it), shared by the slow test and the bench:
// the real built host (`node out/main/host.js`) with a model loaded in the real
// llama-server, a warm tool worker and a real MCP stdio server, killed with
// SIGKILL at a random moment while an answer streams; and `npm run serve`
// stopped by a signal sent to npm's pid alone. What the app started is read
// off /proc (the host's descendants, and anything carrying the data dir's
// lifecycle tag), independently of the app's own ledger.
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { defaultSettings } from '@shared/default-settings';
import { sameProcess, type ProcessIdentity } from '@main/services/process/process-identity';
import { stdioTestServer } from './mcp/mcp-harness';
import { descendants } from './proc-tree';
import { repoRoot, startHost, tinyModel } from './host-process';
import { seededRandom } from './seeded-random';
import { connectHost, type HostClient } from './ws-client';

/** A data dir with one stdio MCP server configured. */
export function trialDataDir(): string {
  const dataDir = mkdtempSync(join(tmpdir(), 'eva-trials-'));
  const config = { mcpServers: { trial: stdioTestServer('trial', { cwd: repoRoot }) } };
  writeFileSync(join(dataDir, 'mcp.json'), JSON.stringify(config));
  return dataDir;
}

async function waitFor<T>(
  what: string,
  check: () => Promise<T | null | undefined | false>,
  timeoutMs = 30_000,
): Promise<T> {
  const start = Date.now();
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Load the tiny model, wait for the MCP server, warm a tool worker (a screen capture: the worker stays even when there
 * is no display).
 */
async function setTheStage(client: HostClient): Promise<void> {
  await client.invoke('backend:load', {
    ...defaultSettings().load,
    modelPath: tinyModel,
    contextSize: 512,
    threads: 1,
  });
  await waitFor('the MCP server', async () =>
    (await client.invoke('mcp:list')).servers.some((server) => server.state === 'ready'),
  );
  await client.invoke('screen:capture', {}).catch(() => undefined);
}

function streamAnAnswer(client: HostClient, id: number): void {
  void client
    .invoke('chat:send', {
      mode: 'chat',
      requestId: `trial-${id}`,
      endpoint: { kind: 'local' },
      sampling: { ...defaultSettings().chat.sampling, max_tokens: 400 },
      idSlot: null,
      systemPrompt: 'You are EVA.',
      messages: [{ role: 'user', content: `trial ${id}: tell me a long story` }],
    })
    .catch(() => undefined);
}

/** How long after the host's SIGKILL what it started may still run before a trial counts it as left behind. */
const AFTER_KILL_MS = 5_000;

export interface KillTrial {
  /** processes the host had started just before the kill */
  started: number;
  /** ms from the kill until the last of them was gone (Infinity: some were still running 5 s after) */
  goneMs: number;
  /** names of those still running 5 s after the kill */
  survivorsAfterKill: string[];
  /** names of those still running once the next start is ready */
  survivorsAfterNextStart: string[];
}

/** SIGKILL trials on one data dir; each next start is the previous trial's "next start". */
export async function runKillTrials(count: number, seed = 11): Promise<KillTrial[]> {
  const random = seededRandom(seed);
  const dataDir = trialDataDir();
  const trials: KillTrial[] = [];
  let previous: ProcessIdentity[] = [];
  for (let i = 0; i <= count; i++) {
    const host = await startHost({ EVA_DATA_DIR: dataDir });
    if (i > 0) (trials[i - 1] as KillTrial).survivorsAfterNextStart = previous.filter(sameProcess).map(name);
    const client = await connectHost(host.url);
    if (i === count) {
      client.close();
      await host.stop();
      break;
    }
    await setTheStage(client);
    streamAnAnswer(client, i);
    await new Promise((resolve) => setTimeout(resolve, Math.floor(random() * 300)));
    const started = descendants(host.process.pid as number);
    host.process.kill('SIGKILL');
    client.close();
    // Watched until the last is gone, for at most 5 s: what runs at 5 s is what outlived the kill (a pid
    // with its start time cannot come back), and the trial need not sit out the rest of the 5 s.
    const killedAt = Date.now();
    const goneMs = await waitFor(
      'every child to be gone',
      async () => started.every((proc) => !sameProcess(proc)) && Math.max(1, Date.now() - killedAt),
      AFTER_KILL_MS,
    ).catch(() => Infinity);
    trials.push({
      started: started.length,
      goneMs,
      survivorsAfterKill: started.filter(sameProcess).map(name),
      survivorsAfterNextStart: [],
    });
    previous = started;
  }
  return trials;
}

export interface SignalTrial {
  signal: 'SIGTERM' | 'SIGINT';
  started: number;
  /** npm's exit, ms after the signal */
  exitMs: number;
  /** the last of the processes it had started gone, ms after the signal */
  stoppedMs: number;
  /** what was still running 10 s after the signal */
  survivors: string[];
}

/** `npm run serve`, a model loaded, then SIGTERM or SIGINT to npm's pid alone. */
export async function runNpmSignalTrials(count: number): Promise<SignalTrial[]> {
  const trials: SignalTrial[] = [];
  for (let i = 0; i < count; i++) {
    const signal = i % 2 === 0 ? 'SIGTERM' : 'SIGINT';
    const dataDir = trialDataDir();
    const npm = spawn('npm', ['run', '--silent', 'serve'], {
      cwd: repoRoot,
      env: { ...process.env, EVA_DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const url = await new Promise<string>((resolve, reject) => {
      const output: string[] = [];
      const timer = setTimeout(() => reject(new Error(`npm run serve printed no URL: ${output.join('\n')}`)), 60_000);
      for (const stream of [npm.stdout, npm.stderr]) {
        createInterface({ input: stream }).on('line', (line) => {
          output.push(line);
          const match = /EVA Desktop is at (\S+)/.exec(line);
          if (match?.[1]) {
            clearTimeout(timer);
            resolve(match[1]);
          }
        });
      }
    });
    const client = await connectHost(url);
    await setTheStage(client);
    client.close();
    const started = descendants(npm.pid as number);
    const exited = new Promise<void>((resolve) => npm.once('exit', () => resolve()));
    const sentAt = Date.now();
    npm.kill(signal);
    const exitMs = await Promise.race([
      exited.then(() => Date.now() - sentAt),
      new Promise<number>((resolve) => setTimeout(() => resolve(Infinity), 10_000)),
    ]);
    const stoppedMs = await waitFor(
      'the app to stop',
      async () => started.every((proc) => !sameProcess(proc)) && Date.now() - sentAt,
      Math.max(0, 10_000 - (Date.now() - sentAt)),
    ).catch(() => Infinity);
    trials.push({
      signal,
      started: started.length,
      exitMs,
      stoppedMs,
      survivors: started.filter(sameProcess).map(name),
    });
    for (const proc of started) if (sameProcess(proc)) process.kill(proc.pid, 'SIGKILL');
  }
  return trials;
}

function name(proc: ProcessIdentity): string {
  return `${proc.cmdline.split(' ').slice(0, 3).join(' ')} (pid ${proc.pid})`;
}

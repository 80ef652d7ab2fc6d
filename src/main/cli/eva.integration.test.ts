// `eva` as a user runs it: the real bin (scripts/eva.mjs → out/main/eva.js) as a
// child process, the real llama-server and the tiny model, on a data dir of its
// own — and attached to a running app (the browser host) on that app's data dir,
// where the window sees what the terminal asked.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot, startHost, type RunningHost } from '@test-support/host-process';
import { testAssets } from '@test-support/test-assets';
import { connectHost } from '@test-support/ws-client';

interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs eva; `onStdout` may act on the answer as it streams (a Ctrl+C, a reader that goes away). */
function eva(args: string[], dataDir: string, options: { stdin?: string; onStdout?: (text: string, child: ReturnType<typeof spawn>) => void } = {}): Promise<Ran> {
  const child = spawn(process.execPath, [join(repoRoot, 'scripts', 'eva.mjs'), ...args], { cwd: repoRoot, env: { ...process.env, EVA_DATA_DIR: dataDir }, stdio: ['pipe', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
    options.onStdout?.(stdout, child);
  });
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdout.on('error', () => undefined);
  child.stdin.end(options.stdin ?? '');
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}

const own = () => mkdtempSync(join(tmpdir(), 'eva-cli-'));

describe('eva in the terminal, with its own core', () => {
  it('bad usage: the reason and the usage, exit 2, nothing started', async () => {
    const ran = await eva(['fly'], own());
    expect(ran.code).toBe(2);
    expect(ran.stderr).toContain('eva: unknown command "fly"');
    expect(ran.stderr).toContain('usage: eva <command>');
    expect((await eva(['ask', '--max-tokens', 'lots', 'q'], own())).code).toBe(2);
  });

  it('no model and no link: one clear line, exit 1', async () => {
    const ran = await eva(['ask', 'Hello'], own());
    expect(ran.code).toBe(1);
    expect(ran.stderr.trim().split('\n').at(-1)).toBe('eva: no model is loaded and no link is chosen: `eva models load <file.gguf>`, `--model <file.gguf>` or `--link <name>`');
  });

  it('ask streams one answer to stdout and saves it; a piped question, --json, and the history commands', async () => {
    const dataDir = own();
    const ran = await eva(['ask', '--model', testAssets.tinyModel, '--max-tokens', '12', 'Hello from the terminal'], dataDir);
    expect(ran.code).toBe(0);
    expect(ran.stdout.trim()).not.toBe('');
    expect(ran.stderr).toContain('loading');
    expect(ran.stdout).not.toContain('loading');

    const loaded = await eva(['models', 'load', testAssets.tinyModel], dataDir);
    expect(loaded.code).toBe(0);
    expect(loaded.stdout).toMatch(/^ready: /);
    // The last loaded model is used without --model; the question comes from stdin; --json is one event a line.
    const piped = await eva(['ask', '--json', '--max-tokens', '8'], dataDir, { stdin: 'A question on stdin\n' });
    expect(piped.code).toBe(0);
    const events = piped.stdout.trim().split('\n').map((line) => JSON.parse(line) as { type: string; status?: string });
    expect(events.some((e) => e.type === 'content')).toBe(true);
    expect(events.at(-1)).toMatchObject({ type: 'done', status: 'done' });

    const list = await eva(['history', 'list'], dataDir);
    expect(list.code).toBe(0);
    expect(list.stdout).toContain('Hello from the terminal');
    expect(list.stdout).toContain('A question on stdin');
    const id = list.stdout.split('\n').find((line) => line.includes('Hello from the terminal'))!.split(' ')[0]!;
    const shown = await eva(['history', 'show', id], dataDir);
    expect(shown.stdout.split('\n')[0]).toBe('You: Hello from the terminal');
    expect(shown.stdout.split('\n')[1]).toMatch(/^EVA: /);
    expect(shown.stdout).toContain(ran.stdout.trim().split('\n')[0]);
    expect((await eva(['history', 'export', id], dataDir)).stdout).toContain('Hello from the terminal');
  });

  it('Ctrl+C stops the answer and keeps what came (exit 130); a reader that goes away ends it quietly', async () => {
    const dataDir = own();
    let interrupted = false;
    const ran = await eva(['ask', '--model', testAssets.tinyModel, '--max-tokens', '100000', 'Tell me a long story'], dataDir, {
      onStdout: (text, child) => {
        if (!interrupted && text.length > 20) {
          interrupted = true;
          child.kill('SIGINT');
        }
      },
    });
    expect(ran.code).toBe(130);
    const client = (await eva(['history', 'list', '--json'], dataDir)).stdout.trim().split('\n').map((line) => JSON.parse(line) as { id: string });
    expect(client).toHaveLength(1);
    const shown = await eva(['history', 'show', client[0]!.id], dataDir);
    expect(shown.stdout).toContain('EVA (stopped): ');

    let closed = false;
    const gone = await eva(['ask', '--model', testAssets.tinyModel, '--max-tokens', '100000', 'Another long story'], dataDir, {
      onStdout: (_text, child) => {
        if (!closed) {
          closed = true;
          child.stdout!.destroy();
        }
      },
    });
    expect(gone.stderr.trim()).toBe(`loading ${testAssets.tinyModel}…`);
    expect(gone.code).toBe(0);
  });
});

describe('eva attached to a running app', () => {
  let host: RunningHost;
  afterAll(async () => {
    expect(await host.stop()).toBe(0);
  });

  it('uses the app\'s core through its host instead of failing on the lock; the window sees the conversation', async () => {
    host = await startHost();
    const window = await connectHost(host.url);
    const settings = await window.invoke('settings:get');
    await window.invoke('backend:load', { ...settings.load, modelPath: testAssets.tinyModel, contextSize: 2048 });
    const ran = await eva(['ask', '--max-tokens', '8', 'Asked from the terminal'], host.dataDir);
    expect(ran.code).toBe(0);
    expect(ran.stdout.trim()).not.toBe('');
    const { conversations } = await window.invoke('history:list');
    expect(conversations.map((c) => c.title)).toContain('Asked from the terminal');
    // The app's model is still loaded: eva attached, it did not stop anything.
    expect((await window.invoke('backend:status')).state).toBe('ready');
    window.close();
  });
});

// `eva` as a user runs it (@test-support/cli/eva-process), with the real
// llama-server and the tiny model: its own core on a data dir of its own, a
// core attached to a running app (the browser host) on that app's data dir,
// where the window sees what the terminal asked, and a link that refuses it.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { CLI_TEST_TIMEOUT_MS, eva, own } from '@test-support/cli/eva-process';
import { startHost, type RunningHost } from '@test-support/host-process';
import { testAssets } from '@test-support/test-assets';
import { connectHost } from '@test-support/ws-client';
import { createTestCore } from '@test-support/test-core';

vi.setConfig({ testTimeout: CLI_TEST_TIMEOUT_MS });

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
    expect(ran.stderr.trim().split('\n').at(-1)).toBe(
      'eva: no model is loaded and no link is chosen: `eva setup`, `eva models load <file.gguf>`, `--model <file.gguf>` or `--link <name>`',
    );
  });

  it('with Chinese chosen in Settings, the same failure is said in Chinese, the core sentence kept in brackets', async () => {
    const dataDir = own();
    const core = await createTestCore(dataDir);
    await core.handlers['settings:update']({ language: 'zh' });
    await core.dispose();
    const ran = await eva(['ask', 'Hello'], dataDir);
    expect(ran.code).toBe(1);
    const last = ran.stderr.trim().split('\n').at(-1) ?? '';
    expect(last).toMatch(/^eva: [^a-z]*[\u4e00-\u9fff]/);
    expect(last).toContain('（no model is loaded and no link is chosen');
  });

  it('ask streams one answer to stdout and saves it; a piped question, --json, and the history commands', async () => {
    const dataDir = own();
    const ran = await eva(
      ['ask', '--model', testAssets.tinyModel, '--max-tokens', '12', 'Hello from the terminal'],
      dataDir,
    );
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
    const events = piped.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { type: string; status?: string });
    expect(events.some((e) => e.type === 'content')).toBe(true);
    expect(events.at(-1)).toMatchObject({ type: 'done', status: 'done' });

    const list = await eva(['history', 'list'], dataDir);
    expect(list.code).toBe(0);
    expect(list.stdout).toContain('Hello from the terminal');
    expect(list.stdout).toContain('A question on stdin');
    const id = list.stdout
      .split('\n')
      .find((line) => line.includes('Hello from the terminal'))!
      .split(' ')[0]!;
    const shown = await eva(['history', 'show', id], dataDir);
    expect(shown.stdout.split('\n')[0]).toBe('You: Hello from the terminal');
    expect(shown.stdout.split('\n')[1]).toMatch(/^EVA: /);
    expect(shown.stdout).toContain(ran.stdout.trim().split('\n')[0]);
    expect((await eva(['history', 'export', id], dataDir)).stdout).toContain('Hello from the terminal');
  });

  it('Ctrl+C stops the answer and keeps what came (exit 130); a reader that goes away ends it quietly', async () => {
    const dataDir = own();
    let interrupted = false;
    const ran = await eva(
      ['ask', '--model', testAssets.tinyModel, '--max-tokens', '100000', 'Tell me a long story'],
      dataDir,
      {
        onStdout: (text, child) => {
          if (!interrupted && text.length > 20) {
            interrupted = true;
            child.kill('SIGINT');
          }
        },
      },
    );
    expect(ran.code).toBe(130);
    const client = (await eva(['history', 'list', '--json'], dataDir)).stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { id: string });
    expect(client).toHaveLength(1);
    const shown = await eva(['history', 'show', client[0]!.id], dataDir);
    expect(shown.stdout).toContain('EVA (stopped): ');

    let closed = false;
    const gone = await eva(
      ['ask', '--model', testAssets.tinyModel, '--max-tokens', '100000', 'Another long story'],
      dataDir,
      {
        onStdout: (_text, child) => {
          if (!closed) {
            closed = true;
            child.stdout!.destroy();
          }
        },
      },
    );
    expect(gone.stderr.trim()).toBe(`loading ${testAssets.tinyModel}…`);
    expect(gone.code).toBe(0);
  });
});

describe('eva attached to a running app', () => {
  let host: RunningHost;
  afterAll(async () => {
    expect(await host.stop()).toBe(0);
  });

  it("uses the app's core through its host instead of failing on the lock; the window sees the conversation", async () => {
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

describe('eva and a link that refuses the key', () => {
  it('says so in one line and exits 1, after no retry', async () => {
    let requests = 0;
    const refusing = createServer((req, res) => {
      requests++;
      req.resume();
      res
        .writeHead(401, { 'content-type': 'application/json' })
        .end(JSON.stringify({ error: { message: 'Incorrect API key provided' } }));
    });
    await new Promise<void>((resolve) => refusing.listen(0, '127.0.0.1', resolve));
    const dataDir = own();
    const core = await createTestCore(dataDir);
    await core.handlers['link:save']({
      profile: {
        name: 'strict',
        presetId: 'openai',
        baseUrl: `http://127.0.0.1:${(refusing.address() as AddressInfo).port}/v1`,
        model: 'm',
      },
      apiKey: 'sk-wrong',
    });
    await core.dispose();
    const ran = await eva(['ask', '--link', 'strict', 'Hello'], dataDir);
    expect(ran.code).toBe(1);
    const last = ran.stderr.trim().split('\n').at(-1)!;
    expect(last).toMatch(/^eva: .*401/);
    expect(last).toContain('Incorrect API key provided');
    expect(requests).toBe(1);
    refusing.close();
  });
});

describe('eva ask --model with a file that cannot load, attached to a running app', () => {
  it("says why and exits 1; the window's model keeps running", async () => {
    const app = await startHost();
    const window = await connectHost(app.url);
    try {
      const settings = await window.invoke('settings:get');
      const ready = await window.invoke('backend:load', { ...settings.load, modelPath: testAssets.tinyModel });
      const ran = await eva(['ask', '--model', '/nonexistent/model.gguf', 'Hello'], app.dataDir);
      expect(ran.code).toBe(1);
      expect(ran.stderr.trim().split('\n').at(-1)).toMatch(/^eva: .*\/nonexistent\/model\.gguf/);
      expect(await window.invoke('backend:status')).toMatchObject({
        state: 'ready',
        pid: ready.pid,
        model: { path: testAssets.tinyModel },
      });
    } finally {
      window.close();
      expect(await app.stop()).toBe(0);
    }
  });
});

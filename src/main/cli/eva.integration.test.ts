// `eva` as a user runs it: the real bin (scripts/eva.mjs → out/main/eva.js) as a
// child process, the real llama-server and the tiny model, on a data dir of its
// own — and attached to a running app (the browser host) on that app's data dir,
// where the window sees what the terminal asked.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { repoRoot, startHost, type RunningHost } from '@test-support/host-process';
import { testAssets } from '@test-support/test-assets';
import { longPrompt } from '@test-support/llama/long-prompt';
import { connectHost } from '@test-support/ws-client';
import { startGrammarProxy, type GrammarProxy } from '@test-support/agent/grammar-proxy';
import { startTestServer, type TestServer } from '@test-support/llama/test-server';
import { createCore } from '../core';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs eva; `onStdout` may act on the answer as it streams (a Ctrl+C, a reader that goes away). */
function eva(
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
function inTerminal(args: string[], dataDir: string) {
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

const own = () => mkdtempSync(join(tmpdir(), 'eva-cli-'));

/**
 * One tiny llama-server for the tests that only need something to answer (behind a link or the grammar proxy): what
 * they check is what eva does with the answers, which no earlier test's requests change.
 */
let answering: Promise<TestServer> | null = null;
const answeringServer = (): Promise<TestServer> => (answering ??= startTestServer());
afterAll(async () => {
  if (answering) await (await answering).stop();
});

// Each test here starts several eva processes (a node start and a core each),
// often a llama-server too: on a loaded 2-core CI machine that is many times
// the few seconds it takes alone, so the usual 30 s limit is too tight. The
// screen waits give up at 40 s, before this, so a hang shows what was on screen.
vi.setConfig({ testTimeout: 120_000 });

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

describe('eva chat in a terminal reads the question ahead', () => {
  let host: RunningHost | null = null;
  afterAll(async () => {
    if (host) expect(await host.stop()).toBe(0);
  });

  it('reads a question while it is typed, so after Enter the model reads only the last words; a question typed at once is read whole', async () => {
    host = await startHost();
    const window = await connectHost(host.url);
    const settings = await window.invoke('settings:get');
    await window.invoke('backend:load', { ...settings.load, modelPath: testAssets.tinyModel, contextSize: 2048 });
    const readAheads = async () =>
      (await window.invoke('backend:log')).lines.filter((line) => line.text.includes('read ahead: llama-server read'))
        .length;
    // About 250 tokens on one line (a newline would be Enter), under one read-ahead step.
    const question = (animal: string) =>
      `${longPrompt(14).replaceAll('\n', ' ').replaceAll('dog', animal)} Which line names the ${animal}`;
    const { until, type, exited } = inTerminal(['chat', '--max-tokens', '4'], host.dataDir);
    await until('› ');
    type(question('dog'));
    // The pause: the app's model reads the line so far.
    await vi.waitFor(async () => expect(await readAheads()).toBe(1), { timeout: 40_000, interval: 100 });
    type(' first?\r');
    await until('› ', 2);
    type('/new\r');
    await until('a new conversation');
    // Typed at once and sent: no pause, so no read-ahead.
    type(`${question('cat')} first?\r`);
    await until('› ', 4);
    type('\x04');
    expect(await exited).toBe(0);
    expect(await readAheads()).toBe(1);

    // What the server read after Enter, from each answer's figures in the history.
    const promptRead = async (animal: string) => {
      for (const { id } of (await window.invoke('history:list')).conversations) {
        const opened = await window.invoke('history:open', { id });
        if (opened.messages.some((m) => m.role === 'user' && m.content === `${question(animal)} first?`))
          return opened.messages.find((m) => m.role === 'assistant')?.timings?.prompt_n;
      }
      return undefined;
    };
    const readAhead = await promptRead('dog');
    expect(readAhead).toBeGreaterThan(0);
    expect(readAhead).toBeLessThan(40);
    expect(await promptRead('cat')).toBeGreaterThan(200);
    window.close();
  });
});

const call = (name: string, args: Record<string, unknown>) =>
  `<tool_call>${JSON.stringify({ name, arguments: args })}</tool_call>`;

/**
 * A data dir whose link "proxy" reaches a model that says what `script` says (the real tiny llama-server behind the
 * grammar proxy).
 */
async function scriptedDataDir(
  script: string[],
): Promise<{ dataDir: string; proxy: GrammarProxy; workspace: string; close: () => Promise<void> }> {
  const server = await answeringServer();
  const proxy = await startGrammarProxy(server.port, script);
  const dataDir = own();
  const core = await createCore({
    host: 'browser',
    version: '0',
    dataDir,
    binDirs: [testAssets.binDir],
    systemLanguage: 'en',
  });
  await core.handlers['link:save']({
    profile: { name: 'proxy', presetId: 'llama-server', baseUrl: `${proxy.baseUrl}/v1`, model: 'tiny' },
  });
  await core.handlers['settings:update']({ tools: { protocol: 'prompt' } });
  const workspace = (await core.handlers['tools:list'](undefined)).workspaceDir;
  await core.dispose();
  return { dataDir, proxy, workspace, close: () => proxy.close() };
}

describe('eva run: the agent loop in the terminal', () => {
  it('shows each step on a line, asks before a write and passes on the reason for a no; the answer ends it (exit 0)', async () => {
    const stage = await scriptedDataDir([
      call('calculator', { expression: '6*7' }),
      call('write_file', { path: 'note.txt', content: '42\n' }),
      call('answer', { content: 'Done: 42' }),
    ]);
    const ran = await eva(['run', '--link', 'proxy', 'Compute 6*7 and note it'], stage.dataDir, {
      stdin: 'maybe\nn\nnot in this folder\n',
    });
    expect(ran.code).toBe(0);
    const lines = ran.stdout.trim().split('\n');
    expect(lines[0]).toBe('→ calculator {"expression":"6*7"} · ok · 42');
    expect(lines[1]).toMatch(/^→ write_file \{"path":"note.txt","content":"42\\n"\} · denied · /);
    expect(lines.at(-1)).toBe('Done: 42');
    // Asked on stderr, asked again after an answer it did not understand, then the reason.
    expect(ran.stderr.match(/\? write_file wants to run/g)).toHaveLength(2);
    expect(ran.stderr).toContain('Why not?');
    expect(JSON.stringify(stage.proxy.received.at(-1)!.messages)).toContain('not in this folder');
    expect(existsSync(join(stage.workspace, 'note.txt'))).toBe(false);
    await stage.close();
  });

  it('eva killed (kill -9) while a card waits: --resume finds the interrupted run and goes on after the step it saved', async () => {
    const stage = await scriptedDataDir([
      call('calculator', { expression: '3*3' }),
      call('write_file', { path: 'crash.txt', content: '9\n' }),
      call('write_file', { path: 'crash.txt', content: '9\n' }),
      call('answer', { content: 'Noted 9.' }),
    ]);
    let killed = false;
    const crashed = await eva(['run', '--link', 'proxy', 'What is 3*3? Note it.'], stage.dataDir, {
      keepStdinOpen: true,
      onStderr: (text, child) => {
        if (killed || !text.includes('? write_file wants to run')) return;
        killed = true;
        // Past the history's save interval, so the step is on disk, as it would be for a user who looks at the card.
        setTimeout(() => child.kill('SIGKILL'), 1_500);
      },
    });
    expect(crashed.code).toBeNull();
    const resumed = await eva(['run', '--resume'], stage.dataDir, { stdin: 'y\n' });
    expect(resumed.code).toBe(0);
    const lines = resumed.stdout.trim().split('\n');
    expect(lines[0]).toBe('→ calculator {"expression":"3*3"} · ok · 9');
    expect(lines.filter((line) => line.startsWith('→ calculator'))).toHaveLength(1);
    expect(lines.at(-1)).toBe('Noted 9.');
    expect(readFileSync(join(stage.workspace, 'crash.txt'), 'utf8')).toBe('9\n');
    await stage.close();
  });

  it('in a terminal: the card shows the diff, y lets the write run, and the answer follows', async () => {
    const stage = await scriptedDataDir([
      call('write_file', { path: 'typed.txt', content: 'allowed in a terminal\n' }),
      call('answer', { content: 'Written.' }),
    ]);
    const { until, type, exited, screen } = inTerminal(['run', '--link', 'proxy', 'Write typed.txt'], stage.dataDir);
    await until('Allow it? [y]es, [a] yes for this run, [n]o: ');
    expect(screen()).toContain('allowed in a terminal');
    expect(existsSync(join(stage.workspace, 'typed.txt'))).toBe(false);
    type('y\r');
    await until('Written.');
    expect(await exited).toBe(0);
    expect(readFileSync(join(stage.workspace, 'typed.txt'), 'utf8')).toBe('allowed in a terminal\n');
    expect(screen()).toMatch(/→ write_file .* · ok/);
    await stage.close();
  });

  it('--yes asks nothing and refuses what would ask; Ctrl+C at a card stops the run (130) and --resume goes on after its last step', async () => {
    const stage = await scriptedDataDir([
      call('write_file', { path: 'a.txt', content: 'a' }),
      call('answer', { content: 'Gave up on a.txt' }),
      call('calculator', { expression: '2+2' }),
      call('write_file', { path: 'b.txt', content: 'b' }),
      call('answer', { content: 'It is 4.' }),
    ]);
    const unattended = await eva(['run', '--yes', '--json', '--link', 'proxy', 'Write a'], stage.dataDir);
    expect(unattended.code).toBe(0);
    const events = unattended.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { type: string; tool?: string; end?: string });
    expect(events.map((e) => e.type)).toEqual(['refused', 'step', 'done']);
    expect(events.at(-1)).toMatchObject({ end: 'answered' });
    expect(unattended.stderr).toBe('');

    let stopped = false;
    const cut = await eva(['run', '--link', 'proxy', 'What is 2+2? Note it in b.txt'], stage.dataDir, {
      keepStdinOpen: true,
      onStderr: (text, child) => {
        if (!stopped && text.includes('? write_file wants to run')) {
          stopped = true;
          child.kill('SIGINT');
        }
      },
    });
    expect(cut.code).toBe(130);
    expect(cut.stdout.split('\n')[0]).toBe('→ calculator {"expression":"2+2"} · ok · 4');
    const requests = stage.proxy.received.length;

    const resumed = await eva(['run', '--resume'], stage.dataDir, { stdin: 'y\n' });
    expect(resumed.code).toBe(0);
    expect(resumed.stderr).toContain('resuming the run in conversation');
    // The saved step is shown again, not run again: one model request, which the script answers.
    expect(resumed.stdout.trim().split('\n')).toEqual(['→ calculator {"expression":"2+2"} · ok · 4', 'It is 4.']);
    expect(stage.proxy.received.length).toBe(requests + 1);
    expect((await eva(['run', '--resume'], stage.dataDir)).code).toBe(1);
    await stage.close();
  });
});

describe('eva chat in a terminal (a real pseudo-terminal through script(1))', () => {
  it('streams answers in one conversation, takes slash commands, Ctrl+C stops an answer, twice at the prompt quits (130); the history has it all', async () => {
    const dataDir = own();
    const { until, type, exited, screen } = inTerminal(
      ['chat', '--model', testAssets.tinyModel, '--max-tokens', '8'],
      dataDir,
    );
    await until('› ');
    type('Hello there\r');
    await until('› ', 2);
    type('/max-tokens 100000\r');
    await until('max_tokens = 100000');
    await until('› ', 3);
    type('Tell me a long story\r');
    // Once some of it has streamed, Ctrl+C: the answer stops, the prompt comes back.
    const before = screen().length;
    while (screen().length < before + 80) await new Promise((r) => setTimeout(r, 20));
    type('\x03');
    await until('(stopped');
    await until('› ', 4);
    // /continue goes on in the same answer.
    type('/max-tokens 8\r');
    await until('max_tokens = 8');
    await until('› ', 5);
    type('/continue\r');
    await until('› ', 6);
    type('\x03');
    await until('Ctrl+C again');
    type('\x03');
    expect(await exited).toBe(130);

    const list = await eva(['history', 'list', '--json'], dataDir);
    const conversations = list.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { id: string; title: string });
    expect(conversations).toHaveLength(1);
    const shown = (await eva(['history', 'show', conversations[0]!.id], dataDir)).stdout
      .split('\n')
      .filter((line) => /^(You|EVA)/.test(line));
    expect(shown.map((line) => line.split(':')[0])).toEqual(['You', 'EVA', 'You', 'EVA']);
    expect(shown[0]).toBe('You: Hello there');
    expect(shown[2]).toBe('You: Tell me a long story');
  });

  it('a stdin that is not a terminal is one question, like eva ask', async () => {
    const dataDir = own();
    const ran = await eva(['chat', '--model', testAssets.tinyModel, '--max-tokens', '6'], dataDir, {
      stdin: 'Piped into chat\n',
    });
    expect(ran.code).toBe(0);
    expect(ran.stdout.trim()).not.toBe('');
    expect((await eva(['history', 'list'], dataDir)).stdout).toContain('Piped into chat');
  });
});

describe('eva setup: the first-run wizard', () => {
  it('a model file: asked until it names a .gguf that exists; then eva ask needs no option', async () => {
    const dataDir = own();
    const workspace = join(own(), 'work');
    const ran = await eva(['setup'], dataDir, {
      stdin: `0\n1\n/no/such/model.gguf\n${testAssets.tinyModel}\n${workspace}\n`,
    });
    expect(ran.code).toBe(0);
    expect(ran.stderr).toContain('not one of the choices; try again');
    expect(ran.stderr).toContain('not a .gguf file that exists; try again');
    expect(ran.stderr).toContain(`tools work in ${workspace}`);
    expect(existsSync(workspace)).toBe(true);
    const asked = await eva(['ask', '--max-tokens', '6', 'After setup'], dataDir);
    expect(asked.code).toBe(0);
    expect(asked.stdout.trim()).not.toBe('');
  });

  /** the wizard's number for the remote llama-server preset, as it lists them */
  const remotePresetNumber = async () => {
    const probe = await eva(['setup'], own(), { stdin: '' });
    return probe.stderr
      .split('\n')
      .find((line) => line.includes('Remote llama-server'))!
      .trim()
      .split(')')[0]!;
  };

  it('a link preset: its address, model and key (kept sealed), tested; eva ask then answers through it', async () => {
    const server = await answeringServer();
    const dataDir = own();
    const presetNumber = await remotePresetNumber();
    const ran = await eva(['setup'], dataDir, {
      stdin: `${presetNumber}\n${server.baseUrl}/v1\ntiny\nsk-never-in-clear\n\n`,
    });
    expect(ran.code).toBe(0);
    expect(ran.stderr).toContain('connection test: it answers');

    const asked = await eva(['ask', '--max-tokens', '6', 'Through the link'], dataDir);
    expect(asked.code).toBe(0);
    expect(asked.stdout.trim()).not.toBe('');
    const clear = readdirSync(dataDir)
      .filter((name) => name.endsWith('.json'))
      .filter((name) => readFileSync(join(dataDir, name), 'utf8').includes('sk-never-in-clear'));
    expect(clear).toEqual([]);
  });

  it('in a terminal the key is not shown as it is typed; the other answers are', async () => {
    const server = await answeringServer();
    const presetNumber = await remotePresetNumber();
    const again = own();
    const { until, type, exited, screen } = inTerminal(['setup'], again);
    await until('Choose');
    type(`${presetNumber}\r`);
    await until('Address');
    type(`${server.baseUrl}/v1\r`);
    await until('Model');
    type('tiny\r');
    await until('(not shown): ');
    type('sk-typed-in-a-terminal\r');
    await until('Workspace folder');
    type('\r');
    expect(await exited).toBe(0);
    // What is typed at the other questions shows (the terminal echoes it); the key does not.
    expect(screen()).toContain(`${server.baseUrl}/v1`);
    expect(screen()).not.toContain('sk-typed-in-a-terminal');
    expect(screen()).toContain('connection test: it answers');

    // Ctrl+C while the key is typed stops the wizard as it would anywhere else (raw mode raises no signal by itself).
    const stopped = own();
    const second = inTerminal(['setup'], stopped);
    await second.until('Choose');
    second.type(`${presetNumber}\r`);
    await second.until('Address');
    second.type(`${server.baseUrl}/v1\r`);
    await second.until('Model');
    second.type('tiny\r');
    await second.until('(not shown): ');
    second.type('sk-half\x03');
    expect(await second.exited).toBe(130);
    expect(second.screen()).not.toContain('connection test');
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
    const core = await createCore({
      host: 'browser',
      version: '0',
      dataDir,
      binDirs: [testAssets.binDir],
      systemLanguage: 'en',
    });
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

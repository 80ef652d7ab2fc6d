// `eva chat` in a real pseudo-terminal (script(1)) and piped: the read-ahead of
// a question being typed, slash commands, Ctrl+C, and the history it leaves.
import { afterAll, describe, expect, it, vi } from 'vitest';
import { CLI_TEST_TIMEOUT_MS, eva, inTerminal, own } from '@test-support/cli/eva-process';
import { startHost, type RunningHost } from '@test-support/host-process';
import { testAssets } from '@test-support/test-assets';
import { longPrompt } from '@test-support/llama/long-prompt';
import { connectHost } from '@test-support/ws-client';

vi.setConfig({ testTimeout: CLI_TEST_TIMEOUT_MS });

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

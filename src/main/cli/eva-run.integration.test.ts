// `eva run`, the agent loop in the terminal, against a model that says what a
// script says (the tiny llama-server behind the grammar proxy).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { CLI_TEST_TIMEOUT_MS, eva, inTerminal, own, useAnsweringServer } from '@test-support/cli/eva-process';
import { startGrammarProxy, type GrammarProxy } from '@test-support/agent/grammar-proxy';
import { createTestCore } from '@test-support/test-core';

vi.setConfig({ testTimeout: CLI_TEST_TIMEOUT_MS });

const answeringServer = useAnsweringServer();

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
  const core = await createTestCore(dataDir);
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
    // Asked on stderr, the question alone again after an answer it did not understand, then the reason.
    expect(ran.stderr.match(/\? write_file wants to run/g)).toHaveLength(1);
    expect(ran.stderr.match(/Allow it\? /g)).toHaveLength(2);
    expect(ran.stderr).toContain('Why not?');
    expect(JSON.stringify(stage.proxy.received.at(-1)!.messages)).toContain('not in this folder');
    expect(existsSync(join(stage.workspace, 'note.txt'))).toBe(false);
    await stage.close();
  });

  it('shows the path and the diff of a write, and a command revealed with where it runs, before it asks', async () => {
    const command = 'echo hi\u200b\n';
    const stage = await scriptedDataDir([
      call('write_file', { path: 'note.txt', content: 'new\nsame\n' }),
      call('execute_command', { command }),
      call('answer', { content: 'Left it.' }),
    ]);
    mkdirSync(stage.workspace, { recursive: true });
    writeFileSync(join(stage.workspace, 'note.txt'), 'old\nsame\n');
    const ran = await eva(['run', '--link', 'proxy', 'Rewrite note.txt'], stage.dataDir, { stdin: 'n\n\nn\n\n' });
    expect(ran.code).toBe(0);
    const [write, run] = ran.stderr.split('Allow it? ');
    const expected = [
      '  file: note.txt',
      '  --- a/note.txt',
      '  +++ b/note.txt',
      '  @@ -1,2 +1,2 @@',
      '  -old',
      '  +new',
    ];
    expect(write!.split('\n').filter((line) => expected.includes(line))).toEqual(expected);
    expect(write).toContain('? write_file wants to run (write):');
    // A pipe gets no colour codes.
    expect(write).not.toContain('\u001b');
    expect(run).toContain('? execute_command wants to run');
    expect(run).toContain('\n    echo hi⟦U+200B⟧↵\n');
    expect(run).toContain(`\n  in: ${stage.workspace}\n`);
    expect(readFileSync(join(stage.workspace, 'note.txt'), 'utf8')).toBe('old\nsame\n');
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
    expect(screen()).toContain('file: typed.txt');
    expect(screen()).toContain('new file, +1 -0');
    // TERM=dumb: the codes would show as text.
    expect(screen()).not.toContain('\u001b[32m');
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

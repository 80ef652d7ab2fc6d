import { describe, expect, it } from 'vitest';
import type { CoreSession } from './core-session';
import type { EvaOptions } from './eva-args';
import type { EvaOutput } from './eva-output';
import { runCommand } from './run-command';
import type { TerminalPrompt } from './terminal-prompt';

const OPTIONS: EvaOptions = {
  json: false,
  link: null,
  model: null,
  system: null,
  maxTokens: null,
  schema: null,
  dataDir: null,
  yes: true,
};

const WRITE_CARD = {
  askId: 'ask-1',
  tool: 'write_file',
  risk: 'write',
  args: { path: 'note.txt', content: 'new\n' },
  preview: { kind: 'diff', text: '--- a/note.txt\n+++ b/note.txt\n@@ -1,1 +1,1 @@\n-old\n+new\n' },
  choices: ['allow_once', 'allow_conversation', 'deny'],
};

/** A core that asks one approval card during the run and refuses the answer to it. */
function askingSession(card: Record<string, unknown> = WRITE_CARD, consents: unknown[] = []): CoreSession {
  const listeners = new Map<string, (payload: unknown) => void>();
  let consented: () => void = () => {};
  const consent = new Promise<void>((resolve) => (consented = resolve));
  const answers: Record<string, (input: unknown) => unknown> = {
    'settings:get': () => ({
      chat: { endpoint: { kind: 'link', linkId: 'l1' }, sampling: {}, systemPrompt: '' },
      tools: { maxSteps: 5 },
    }),
    'link:list': () => ({ profiles: [{ id: 'l1', name: 'L' }] }),
    'agent:run': async (input) => {
      const { requestId } = input as { requestId: string };
      listeners.get('agent:ask')?.({ requestId, ...card });
      await consent;
      return { answer: 'done', end: 'answered', steps: [] };
    },
    'tools:list': () => ({
      tools: [],
      workspaceDir: '/home/me/eva-workspace',
      settings: { sandbox: { mode: 'host' } },
    }),
    'agent:consent': (input) => {
      consents.push(input);
      setTimeout(consented, 0);
      throw new Error('that card is no longer open');
    },
  };
  return {
    mode: 'attached',
    invoke: (async (channel: string, input?: unknown) => answers[channel]!(input)) as CoreSession['invoke'],
    on: ((event: string, listener: (payload: unknown) => void) => {
      listeners.set(event, listener);
      return () => listeners.delete(event);
    }) as CoreSession['on'],
    close: async () => {},
  };
}

const out = {
  json: false,
  text: () => {},
  line: () => {},
  event: () => {},
  error: () => {},
} as unknown as EvaOutput;

/** A prompt that records each question and answers it with the next of `answers`. */
function answering(answers: string[], colour = false) {
  const asked: string[] = [];
  const prompt = {
    colour,
    ask: async (question: string) => {
      asked.push(question);
      return answers.shift() ?? null;
    },
    close: () => {},
  } as unknown as TerminalPrompt;
  return { asked, prompt };
}

describe('runCommand', () => {
  it('tells the user when an answer to an approval card did not reach the run', async () => {
    const logged: string[] = [];
    const prompt = { close: () => {} } as unknown as TerminalPrompt;
    const code = await runCommand('task', false, OPTIONS, {
      session: askingSession(),
      out,
      log: (text) => logged.push(text),
      prompt,
      onInterrupt: () => () => {},
    });
    expect(code).toBe(0);
    expect(logged).toContain('your answer did not reach the run: that card is no longer open');
  });

  it('shows the file and the diff before it asks, and asks only the question again after an unclear answer', async () => {
    const { asked, prompt } = answering(['maybe', 'y']);
    const consents: unknown[] = [];
    await runCommand(
      'task',
      false,
      { ...OPTIONS, yes: false },
      {
        session: askingSession(WRITE_CARD, consents),
        out,
        log: () => {},
        prompt,
        onInterrupt: () => () => {},
      },
    );
    const [first, again] = asked;
    const allow = first!.indexOf('Allow it? [y]es, [a] yes for this run, [n]o: ');
    for (const line of ['  file: note.txt', '  --- a/note.txt', '  @@ -1,1 +1,1 @@', '  -old', '  +new'])
      expect(first!.indexOf(`\n${line}\n`), line).toBeGreaterThan(0);
    expect(first!.indexOf('  +new\n')).toBeLessThan(allow);
    expect(again).toBe('Allow it? [y]es, [a] yes for this run, [n]o: ');
    expect(consents).toEqual([{ askId: 'ask-1', answer: { kind: 'allow_once' } }]);
  });

  it('colours the diff when the prompt allows colour', async () => {
    const { asked, prompt } = answering(['n', ''], true);
    await runCommand(
      'task',
      false,
      { ...OPTIONS, yes: false },
      {
        session: askingSession(),
        out,
        log: () => {},
        prompt,
        onInterrupt: () => () => {},
      },
    );
    expect(asked[0]).toContain('\u001b[32m+new\u001b[39m');
    expect(asked[0]).toContain('\u001b[31m-old\u001b[39m');
  });

  it('shows a command revealed, with the workspace it runs in, and offers no "a" for a tool that always asks', async () => {
    const command = 'rm -rf build\u200b\n';
    const { asked, prompt } = answering(['n', '']);
    await runCommand(
      'task',
      false,
      { ...OPTIONS, yes: false },
      {
        session: askingSession({
          askId: 'ask-2',
          tool: 'execute_command',
          risk: 'execute',
          args: { command },
          preview: { kind: 'command', text: command, segments: [{ argv: ['rm', '-rf', 'build\u200b'] }] },
          choices: ['allow_once', 'deny'],
        }),
        out,
        log: () => {},
        prompt,
        onInterrupt: () => () => {},
      },
    );
    expect(asked[0]).toContain('\n    rm -rf build⟦U+200B⟧↵\n');
    expect(asked[0]).toContain('\n  in: /home/me/eva-workspace\n');
    expect(asked[0]).toMatch(/this tool asks before every call\nAllow it\? \[y\]es, \[n\]o: $/);
  });
});

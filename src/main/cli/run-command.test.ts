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
  dataDir: null,
  yes: true,
};

/** A core that asks one approval card during the run and refuses the answer to it. */
function askingSession(): CoreSession {
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
      listeners.get('agent:ask')?.({ requestId, askId: 'ask-1', tool: 'write_file', preview: { text: '' } });
      await consent;
      return { answer: 'done', end: 'answered', steps: [] };
    },
    'agent:consent': () => {
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

describe('runCommand', () => {
  it('tells the user when an answer to an approval card did not reach the run', async () => {
    const logged: string[] = [];
    const out = {
      json: false,
      text: () => {},
      line: () => {},
      event: () => {},
      error: () => {},
    } as unknown as EvaOutput;
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
});

import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import type { PrefillInput } from '@shared/chat/prefill';
import { READ_AHEAD_PAUSE_MS } from '@shared/chat/read-ahead-driver';
import { defaultSettings } from '@shared/default-settings';
import { readAheadInTerminal } from './terminal-read-ahead';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** readline's side of a terminal, by hand: key presses that edit a line, and pauses ended on demand. */
function terminal(
  request: (question: string) => PrefillInput | null = (question) => ({
    endpoint: { kind: 'local' },
    systemPrompt: 'Be brief.',
    messages: [{ role: 'user', content: question }],
    sampling: defaultSettings().chat.sampling,
    idSlot: null,
    conversationId: null,
  }),
) {
  const input = new EventEmitter();
  const pending = new Map<number, () => void>();
  let next = 1;
  let line = '';
  const sent: PrefillInput[] = [];
  const stop = readAheadInTerminal({
    session: {
      invoke: (async (_channel: string, value: PrefillInput) => (
        sent.push(value),
        { done: true, cached: 0, read: 1, ms: 1 }
      )) as never,
    },
    input,
    line: () => line,
    request,
    timers: {
      setTimeout: (fn, ms) => (expect(ms).toBe(READ_AHEAD_PAUSE_MS), pending.set(next, fn), next++),
      clearTimeout: (id) => void pending.delete(id as number),
    },
  });
  return {
    sent,
    stop,
    input,
    type(text: string) {
      for (const char of text) {
        line += char;
        input.emit('keypress', char, { name: char });
      }
    },
    enter() {
      line = '';
      input.emit('keypress', '\r', { name: 'return' });
    },
    async pause() {
      for (const [id, fn] of [...pending]) {
        pending.delete(id);
        fn();
      }
      for (let i = 0; i < 5; i++) await settle();
    },
    pending: () => pending.size,
  };
}

describe('reading ahead in eva chat', () => {
  it('reads the line at a pause, trimmed as the REPL sends it, and nothing for a pause that changed nothing', async () => {
    const t = terminal();
    t.type('  What is the capital ');
    await t.pause();
    t.input.emit('keypress', undefined, { name: 'left' });
    await t.pause();
    expect(t.sent.map((input) => input.messages.at(-1)?.content)).toEqual(['What is the capital']);
    t.stop();
  });

  it('leaves slash commands, empty lines and what request() rules out (an answer streaming, a link) alone', async () => {
    let answering = true;
    const t = terminal((question) =>
      answering
        ? null
        : {
            endpoint: { kind: 'local' },
            systemPrompt: '',
            messages: [{ role: 'user', content: question }],
            sampling: defaultSettings().chat.sampling,
            idSlot: null,
            conversationId: null,
          },
    );
    t.type('/model big.gguf');
    await t.pause();
    t.enter();
    t.type('   ');
    await t.pause();
    t.enter();
    t.type('Typed while the answer streams');
    await t.pause();
    expect(t.sent).toEqual([]);
    answering = false;
    t.type('.');
    await t.pause();
    expect(t.sent.map((input) => input.messages.at(-1)?.content)).toEqual(['Typed while the answer streams.']);
    t.stop();
  });

  it('Enter ends the pause: a line being sent is not read ahead; after stop nothing is', async () => {
    const t = terminal();
    t.type('Sent at once');
    t.enter();
    expect(t.pending()).toBe(0);
    await t.pause();
    t.stop();
    t.type('After the REPL ended');
    expect(t.pending()).toBe(0);
    expect(t.sent).toEqual([]);
  });
});

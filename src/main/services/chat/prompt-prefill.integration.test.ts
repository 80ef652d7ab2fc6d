// Reading ahead against the real llama-server, run as the app runs it (one slot,
// a slot save path, no in-memory prompt cache): a draft read while the user types
// is not read again at the send, a conversation's slot saved after a read-ahead
// still restores, a read-ahead never runs beside an answer or for a link, and a
// send drops one still running.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestServer, type TestServer } from '@test-support/llama/test-server';
import { longPrompt } from '@test-support/llama/long-prompt';
import { defaultSettings } from '@shared/default-settings';
import type { PrefillInput } from '@shared/chat/prefill';
import type { ChatMessage } from '@shared/chat/types';
import type { ChatResult } from '@shared/contract';
import { createChatService } from './chat-service';
import type { LinkService } from '../links/link-service';
import { openSlotKeeper } from './slot-cache/slot-keeper';

let server: TestServer;
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'eva-prefill-'));
  server = await startTestServer({ extraArgs: ['--slot-save-path', dir, '--cache-ram', '0', '--parallel', '1'] });
});

afterAll(async () => {
  await server?.stop();
  await rm(dir, { recursive: true, force: true });
});

const SYSTEM = 'You are a test.';
const sampling = { ...defaultSettings().chat.sampling, max_tokens: 16, seed: 7 };

async function setUp() {
  const log: string[] = [];
  const keeper = await openSlotKeeper({ dir, budgetBytes: () => 64 * 2 ** 20, log: (line) => log.push(line) });
  const chat = createChatService({
    localServer: () => ({ baseUrl: server.baseUrl, apiKey: '', model: 'tiny', slotIdentity: 'launch-1' }),
    links: {} as LinkService,
    emit: () => {},
    slots: keeper,
    log: (line) => log.push(line),
  });
  return { keeper, chat, log };
}

let asked = 0;
async function ask(
  chat: Awaited<ReturnType<typeof setUp>>['chat'],
  conversationId: string,
  messages: ChatMessage[],
  maxTokens = 16,
): Promise<ChatResult> {
  asked++;
  const result = await chat.send({
    requestId: `p${asked}`,
    mode: 'chat',
    endpoint: { kind: 'local' },
    systemPrompt: SYSTEM,
    messages,
    sampling: { ...sampling, max_tokens: maxTokens },
    idSlot: null,
    record: { conversationId, parentId: null, answerId: `pa${asked}` },
  });
  expect(result.status, result.error?.message).toBe('done');
  return result;
}

const draft = (messages: ChatMessage[], conversationId: string | null): PrefillInput => ({
  endpoint: { kind: 'local' },
  systemPrompt: SYSTEM,
  messages,
  sampling,
  idSlot: null,
  conversationId,
});
const read = (result: ChatResult): number => result.timings?.prompt_n ?? -1;

describe('reading ahead (real llama-server)', () => {
  it('a draft read while typing is not read again at the send; without it the send reads the whole question', async () => {
    const { chat, log } = await setUp();
    const question = `${longPrompt(30)}\nSummarise these lines.`;
    const typed = question.slice(0, -12);
    const ahead = await chat.prefill(draft([{ role: 'user', content: typed }], null));
    expect(ahead).toMatchObject({ done: true });
    expect(ahead.done && ahead.read).toBeGreaterThan(400);
    // The model log says why the server worked while nothing was sent.
    expect(log.find((line) => line.startsWith('read ahead:'))).toMatch(
      /^read ahead: llama-server read \d+ tokens of the conversation and the draft \(\d+ were in its cache\) in \d+ ms/,
    );
    // More typed: only the new words (and the end of the turn the template adds after them) are read.
    const more = await chat.prefill(draft([{ role: 'user', content: question.slice(0, -4) }], null));
    expect(more.done && more.cached).toBeGreaterThan(400);
    expect(more.done && more.read).toBeLessThan(40);
    const sent = await ask(chat, 'conv-ahead', [{ role: 'user', content: question }]);
    expect(read(sent)).toBeLessThan(40);
    expect(sent.timings?.cache_n ?? 0).toBeGreaterThan(400);
    // The same kind of question, not read ahead: the send reads all of it.
    const cold = await ask(chat, 'conv-cold', [
      { role: 'user', content: `${longPrompt(30).replaceAll('fox', 'cat')}\nSummarise these lines.` },
    ]);
    expect(read(cold)).toBeGreaterThan(400);
  });

  it('a conversation left after a read-ahead is saved for it, and restored when it is asked again', async () => {
    const { chat, keeper } = await setUp();
    const first: ChatMessage[] = [{ role: 'user', content: `conv-keep\n${longPrompt(30)}\nSummarise.` }];
    const answer = await ask(chat, 'conv-keep', first);
    const history: ChatMessage[] = [...first, { role: 'assistant', content: answer.content }];
    const ahead = await chat.prefill(draft([...history, { role: 'user', content: 'And what comes' }], 'conv-keep'));
    expect(ahead).toMatchObject({ done: true });
    // The user opens another conversation: the slot (the conversation and the draft) is saved for conv-keep.
    await keeper.leave('conv-other');
    expect(keeper.entries().map((entry) => entry.conversationId)).toContain('conv-keep');
    await ask(chat, 'conv-other', [{ role: 'user', content: 'Hello there.' }]);
    // Back in conv-keep: restored, the conversation is not read again.
    const back = await ask(chat, 'conv-keep', [...history, { role: 'user', content: 'And what comes next?' }]);
    expect(read(back)).toBeLessThan(40);
  });

  it('never reads ahead beside an answer, beside another read-ahead, or for a link', async () => {
    const { chat } = await setUp();
    let streaming!: () => void;
    const started = new Promise<void>((resolve) => (streaming = resolve));
    const slow = createChatService({
      localServer: () => ({ baseUrl: server.baseUrl, apiKey: '', model: 'tiny' }),
      links: {} as LinkService,
      emit: () => streaming(),
    });
    const answering = slow.send({
      requestId: 'long',
      mode: 'chat',
      endpoint: { kind: 'local' },
      systemPrompt: SYSTEM,
      messages: [{ role: 'user', content: 'Tell me a long story.' }],
      sampling: { ...sampling, max_tokens: 2000 },
      idSlot: null,
    });
    await started;
    expect(await slow.prefill(draft([{ role: 'user', content: 'Next' }], null))).toEqual({
      done: false,
      why: 'an answer is under way',
    });
    slow.stop('long');
    await answering;
    const both = await Promise.all([
      chat.prefill(draft([{ role: 'user', content: longPrompt(20) }], null)),
      chat.prefill(draft([{ role: 'user', content: 'Short' }], null)),
    ]);
    expect(both[0]).toMatchObject({ done: true });
    expect(both[1]).toEqual({ done: false, why: 'another read-ahead is under way' });
    expect(
      await chat.prefill({
        ...draft([{ role: 'user', content: 'Secret draft' }], null),
        endpoint: { kind: 'link', linkId: 'remote' },
      }),
    ).toEqual({ done: false, why: 'only the local model reads ahead' });
  });

  it('a send that drops a read-ahead in its own conversation finds the conversation in the slot: no older save is restored', async () => {
    const { chat, keeper, log } = await setUp();
    const first: ChatMessage[] = [{ role: 'user', content: `conv-drop\n${longPrompt(30)}\nSummarise.` }];
    const answer = await ask(chat, 'conv-drop', first);
    const history: ChatMessage[] = [...first, { role: 'assistant', content: answer.content }];
    // Saved (the user looked at another conversation and came back), and still in the slot.
    await keeper.leave('elsewhere');
    expect(keeper.entries().map((entry) => entry.conversationId)).toContain('conv-drop');
    const ahead = chat.prefill(
      draft([...history, { role: 'user', content: `${longPrompt(60)}\nA pasted text` }], 'conv-drop'),
    );
    const sent = await ask(chat, 'conv-drop', [...history, { role: 'user', content: 'Something short instead.' }]);
    expect(await ahead).toEqual({ done: false, why: 'a send went out first' });
    expect(
      log.filter((line) => line.includes('restored')),
      log.join('\n'),
    ).toEqual([]);
    expect(read(sent)).toBeLessThan(40);
  });

  it('a send drops a read-ahead still running, and is answered', async () => {
    const { chat } = await setUp();
    const ahead = chat.prefill(
      draft([{ role: 'user', content: `${longPrompt(90)}\nA pasted text, deleted again` }], null),
    );
    const sent = await ask(chat, 'conv-short', [{ role: 'user', content: 'Something short instead.' }]);
    expect(await ahead).toEqual({ done: false, why: 'a send went out first' });
    expect(read(sent)).toBeLessThan(60);
  });
});

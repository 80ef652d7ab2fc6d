// The conversation cache against the real llama-server: slot files on disk,
// a restored conversation answered without reading its prompt again, and every
// case where a restore must not happen or fails falling back to a normal answer.
// The server runs as the app runs it, with one slot (--parallel 1), and with
// --cache-ram 0: its own in-memory prompt cache would
// otherwise keep the left conversation and hide whether the restore worked.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, readdir, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestServer, type TestServer } from '@test-support/llama/test-server';
import { longPrompt } from '@test-support/llama/long-prompt';
import { defaultSettings } from '@shared/default-settings';
import type { ChatMessage } from '@shared/chat/types';
import type { ChatResult } from '@shared/contract';
import { createChatService } from '../chat-service';
import type { LinkService } from '../../links/link-service';
import { openSlotKeeper, type SlotKeeper } from './slot-keeper';
import { eraseSlot } from './slot-api';

let server: TestServer;
let dir: string;
const log: string[] = [];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'eva-slots-'));
  server = await startTestServer({ extraArgs: ['--slot-save-path', dir, '--cache-ram', '0', '--parallel', '1'] });
});

afterAll(async () => {
  await server?.stop();
  await rm(dir, { recursive: true, force: true });
});

/** A long first question, so a cached conversation differs from a cold one by hundreds of tokens. */
const LONG = longPrompt(50);

async function keeperWith(budgetMb = 64): Promise<SlotKeeper> {
  return openSlotKeeper({ dir, budgetBytes: () => budgetMb * 2 ** 20, log: (line) => log.push(line) });
}

function chatOver(slots: SlotKeeper, identity = 'launch-1') {
  // No link is used here: the chat reaches the local server only.
  return createChatService({
    localServer: () => ({ baseUrl: server.baseUrl, apiKey: '', model: 'tiny', slotIdentity: identity }),
    links: {} as LinkService,
    emit: () => {},
    slots,
  });
}

let asked = 0;
async function ask(
  chat: ReturnType<typeof chatOver>,
  conversationId: string,
  messages: ChatMessage[],
): Promise<ChatResult> {
  asked++;
  const result = await chat.send({
    requestId: `r${asked}`,
    mode: 'chat',
    endpoint: { kind: 'local' },
    systemPrompt: 'You are a test.',
    messages,
    sampling: { ...defaultSettings().chat.sampling, max_tokens: 24, seed: 7 },
    idSlot: null,
    record: { conversationId, parentId: null, answerId: `a${asked}` },
  });
  expect(result.status, result.error?.message).toBe('done');
  return result;
}

const promptTokens = (result: ChatResult): number => (result.timings as { prompt_n?: number } | null)?.prompt_n ?? -1;

/** A conversation of one long exchange, then a second question: what the reopened request sends. */
async function longExchange(chat: ReturnType<typeof chatOver>, id: string): Promise<ChatMessage[]> {
  const first: ChatMessage[] = [{ role: 'user', content: `${id}\n${LONG}\nSummarise.` }];
  const answer = await ask(chat, id, first);
  return [...first, { role: 'assistant', content: answer.content }, { role: 'user', content: 'And then?' }];
}

describe('conversation cache (real llama-server, --slot-save-path)', () => {
  it('saves a conversation when another takes the slot and restores it when asked again: the prompt is not read again', async () => {
    const keeper = await keeperWith();
    const chat = chatOver(keeper);
    const next = await longExchange(chat, 'conv-a');
    const other = await ask(chat, 'conv-b', [{ role: 'user', content: 'Hello there.' }]);
    expect(other.status).toBe('done');
    const saved = keeper.entries().find((entry) => entry.conversationId === 'conv-a');
    expect(saved?.tokens).toBeGreaterThan(500);
    expect(await readdir(dir)).toContain(saved?.file);

    const reopened = await ask(chat, 'conv-a', next);
    expect(log.some((line) => line.includes(`restored ${saved?.tokens} tokens of conv-a`))).toBe(true);
    // Only the new question and the template's turn markers are read (and the answer's tail,
    // where its text tokenizes differently from the tokens the model gave).
    expect(promptTokens(reopened)).toBeGreaterThan(0);
    expect(promptTokens(reopened)).toBeLessThan(60);
  });

  it('without the cache the same reopen reads the whole conversation again (the comparison above means something)', async () => {
    const keeper = await keeperWith(0);
    const chat = chatOver(keeper);
    const next = await longExchange(chat, 'conv-cold');
    await ask(chat, 'conv-other', [{ role: 'user', content: 'Hello there.' }]);
    expect(keeper.entries().some((entry) => entry.conversationId === 'conv-cold')).toBe(false);
    const reopened = await ask(chat, 'conv-cold', next);
    expect(promptTokens(reopened)).toBeGreaterThan(500);
  });

  it('never restores into another model or launch, nor for a conversation edited before its saved answer', async () => {
    const keeper = await keeperWith();
    const chat = chatOver(keeper);
    const next = await longExchange(chat, 'conv-c');
    await keeper.leave(null);
    expect(keeper.entries().some((entry) => entry.conversationId === 'conv-c')).toBe(true);

    await ask(chat, 'conv-d', [{ role: 'user', content: 'Hello there.' }]);
    const edited = next.map((message, index) =>
      index === 0 ? { ...message, content: `(edited) ${String(message.content)}` } : message,
    );
    const editedAnswer = await ask(chat, 'conv-c', edited);
    expect(log.at(-1)).toMatch(/not restoring conv-c: the conversation changed/);
    expect(promptTokens(editedAnswer)).toBeGreaterThan(500);

    const otherLaunch = await ask(chatOver(keeper, 'launch-2'), 'conv-c', next);
    expect(log.at(-1)).toMatch(/not restoring conv-c: saved by another model or launch/);
    expect(promptTokens(otherLaunch)).toBeGreaterThan(500);
  });

  it('a damaged slot file: the restore fails, the answer comes normally, the log says so and the file is dropped', async () => {
    const keeper = await keeperWith();
    const chat = chatOver(keeper);
    const next = await longExchange(chat, 'conv-e');
    await keeper.leave(null);
    const entry = keeper.entries().find((candidate) => candidate.conversationId === 'conv-e');
    expect(entry).toBeDefined();
    await truncate(join(dir, entry!.file), 100);
    await ask(chat, 'conv-f', [{ role: 'user', content: 'Hello there.' }]);

    const answer = await ask(chat, 'conv-e', next);
    expect(answer.content.length).toBeGreaterThan(0);
    expect(log.some((line) => /restore of conv-e failed, asking normally/.test(line))).toBe(true);
    expect(keeper.entries().some((candidate) => candidate.conversationId === 'conv-e')).toBe(false);
    expect(await readdir(dir)).not.toContain(entry!.file);
  });

  it('keeps to its disk budget, least recently used first; a deleted conversation takes its file along', async () => {
    const keeper = await keeperWith();
    const chat = chatOver(keeper);
    await longExchange(chat, 'conv-g');
    await keeper.leave(null);
    const one = keeper.entries().find((entry) => entry.conversationId === 'conv-g')!;
    // A budget for two files of this size: the third save pushes out the oldest.
    const tight = await openSlotKeeper({ dir, budgetBytes: () => one.bytes * 2.5, log: (line) => log.push(line) });
    const tightChat = chatOver(tight);
    for (const id of ['conv-h', 'conv-i', 'conv-j']) {
      await longExchange(tightChat, id);
      await tight.leave(null);
    }
    const ids = tight.entries().map((entry) => entry.conversationId);
    expect(ids).toEqual(['conv-i', 'conv-j']);
    const files = await readdir(dir);
    expect(files.filter((name) => name.endsWith('.bin'))).toHaveLength(2);

    await tight.forget(['conv-i']);
    expect(tight.entries().map((entry) => entry.conversationId)).toEqual(['conv-j']);
    expect((await readdir(dir)).filter((name) => name.endsWith('.bin'))).toHaveLength(1);
  });

  it('an emptied slot (the server restarted after a crash since the answer) is not saved over the conversation', async () => {
    const keeper = await keeperWith();
    const chat = chatOver(keeper);
    await longExchange(chat, 'conv-k');
    await eraseSlot({ baseUrl: server.baseUrl, apiKey: '' }, 0);
    await keeper.leave(null);
    expect(log.at(-1)).toMatch(/could not save conv-k: the slot was empty/);
    expect(keeper.entries().some((entry) => entry.conversationId === 'conv-k')).toBe(false);
  });

  it('a save cut short leaves no file: a stray part is swept when the cache opens, and the ledger survives a restart', async () => {
    const before = (await keeperWith()).entries();
    await writeFile(join(dir, 'conv-x-deadbeef-part.bin'), 'half a slot');
    const reopened = await keeperWith();
    expect(reopened.entries()).toEqual(before);
    expect(await readdir(dir)).not.toContain('conv-x-deadbeef-part.bin');
  });
});

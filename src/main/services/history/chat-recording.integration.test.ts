// Chat answers saved by the core as they stream, against the real llama-server:
// the question and the answer with its timings and its author, a stopped answer kept as
// stopped, a failed request kept with its error, and list/search/branches
// through the contract handlers the renderer uses.
import { mkdtemp } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventPayloads } from '@shared/contract';
import type { Core } from '../../core';
import { startTestServer, type TestServer } from '@test-support/llama/test-server';
import { SAVE_DELAY_MS } from './chat-recorder';
import { createTestCore } from '@test-support/test-core';

let server: TestServer;
let core: Core;
let linkId = '';
const changes: EventPayloads['history:changed'][] = [];
const notices: EventPayloads['app:notice'][] = [];

beforeAll(async () => {
  server = await startTestServer();
  const dataDir = await mkdtemp(join(tmpdir(), 'eva-history-core-'));
  core = await createTestCore(dataDir, {
    historyTimings: { streamSaveMs: 50 },
  });
  core.events.attach((event, payload) => {
    if (event === 'history:changed') changes.push(payload as EventPayloads['history:changed']);
    if (event === 'app:notice') notices.push(payload as EventPayloads['app:notice']);
  });
  const link = await core.handlers['link:save']({
    profile: { name: 'local test server', presetId: 'llama-server', baseUrl: `${server.baseUrl}/v1`, model: 'tiny' },
  });
  linkId = link.id;
});

afterAll(async () => {
  await core.dispose();
  await server.stop();
});

const send = (
  requestId: string,
  record: {
    conversationId: string;
    parentId: string | null;
    answerId: string;
    question?: { id: string; content: string };
    create?: { systemPrompt: string };
  },
  maxTokens = 16,
) =>
  core.handlers['chat:send']({
    mode: 'chat',
    requestId,
    endpoint: { kind: 'link', linkId },
    systemPrompt: 'You are a test.',
    messages: [{ role: 'user', content: record.question?.content ?? 'again' }],
    sampling: { max_tokens: maxTokens, seed: 1 },
    idSlot: null,
    record,
  });

describe('chat recorded into the history by the core', () => {
  it('saves the question and the streamed answer with its timings and slot', async () => {
    const meta = await core.handlers['history:create']({
      endpoint: { kind: 'link', baseUrl: '', model: 'tiny', linkId },
      systemPrompt: 'You are a test.',
    });
    const result = await send('r1', {
      conversationId: meta.id,
      parentId: null,
      answerId: 'a1',
      question: { id: 'q1', content: 'Hello there' },
    });
    expect(result.status).toBe('done');
    const opened = await core.handlers['history:open']({ id: meta.id });
    expect(opened.activePath).toEqual(['q1', 'a1']);
    const [question, answer] = opened.messages;
    expect(question).toMatchObject({
      id: 'q1',
      role: 'user',
      content: 'Hello there',
      status: 'complete',
      parentId: null,
    });
    expect(answer).toMatchObject({
      id: 'a1',
      role: 'assistant',
      parentId: 'q1',
      status: 'complete',
      content: result.content,
    });
    expect(answer?.timings?.predicted_n).toBe(result.timings?.predicted_n);
    expect(opened.meta.title).toBe('Hello there');
    expect(opened.meta.slotId).toBe(result.slotId);
    // Its author: the link it went through, and the model the server says answered (not the profile's "tiny").
    const models = (await (await fetch(`${server.baseUrl}/v1/models`)).json()) as { data: Array<{ id: string }> };
    const reported = models.data[0]?.id;
    expect(reported).toMatch(/tiny/);
    expect(answer?.author).toEqual({ kind: 'link', model: reported, linkId, linkName: 'local test server' });
    const listed = await core.handlers['history:list'](undefined);
    expect(listed.conversations.map((c) => c.id)).toContain(meta.id);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(changes.flatMap((c) => c.conversationIds)).toContain(meta.id);
  });

  it('creates a new conversation with the id the chat chose, beside the first request', async () => {
    const result = await send('r0', {
      conversationId: 'chosen-by-the-renderer',
      parentId: null,
      answerId: 'n1',
      question: { id: 'nq', content: 'First words' },
      create: { systemPrompt: 'You are a test.' },
    });
    const opened = await core.handlers['history:open']({ id: 'chosen-by-the-renderer' });
    expect(opened.meta).toMatchObject({ title: 'First words', systemPrompt: 'You are a test.' });
    expect(opened.messages.map((m) => m.content)).toEqual(['First words', result.content]);
    // Asking to create it again never overwrites it: the answer arrives, a notice says it was not saved.
    const before = notices.length;
    await send('r0b', {
      conversationId: 'chosen-by-the-renderer',
      parentId: null,
      answerId: 'n2',
      question: { id: 'nq2', content: 'again' },
      create: { systemPrompt: 'other' },
    });
    expect(notices.slice(before).map((n) => n.code)).toContain('history_write_failed');
    expect((await core.handlers['history:open']({ id: 'chosen-by-the-renderer' })).meta.systemPrompt).toBe(
      'You are a test.',
    );
  });

  it('a regeneration is a sibling answer; selecting a branch changes the active path', async () => {
    const meta = await core.handlers['history:create']({});
    await send('r2', {
      conversationId: meta.id,
      parentId: null,
      answerId: 'b1',
      question: { id: 'p1', content: 'Pick a number' },
    });
    await send('r3', { conversationId: meta.id, parentId: 'p1', answerId: 'b2' });
    let opened = await core.handlers['history:open']({ id: meta.id });
    expect(opened.activePath).toEqual(['p1', 'b2']);
    const selected = await core.handlers['history:select-branch']({ conversationId: meta.id, messageId: 'b1' });
    expect(selected.activePath).toEqual(['p1', 'b1']);
    opened = await core.handlers['history:open']({ id: meta.id });
    expect(opened.activePath).toEqual(['p1', 'b1']);
  });

  it('keeps a stopped answer as stopped, with what had arrived', async () => {
    const meta = await core.handlers['history:create']({});
    const running = send(
      'r4',
      { conversationId: meta.id, parentId: null, answerId: 's1', question: { id: 'sq', content: 'Tell a long story' } },
      100_000,
    );
    // Wait until the saved partial has text, then stop.
    for (let i = 0; i < 200; i++) {
      const opened = await core.handlers['history:open']({ id: meta.id });
      const partial = opened.messages.find((m) => m.id === 's1');
      if (partial && typeof partial.content === 'string' && partial.content.length > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    await expect(core.handlers['chat:stop']({ requestId: 'r4' })).resolves.toEqual({ stopped: true });
    const result = await running;
    expect(result.status).toBe('stopped');
    const saved = (await core.handlers['history:open']({ id: meta.id })).messages.find((m) => m.id === 's1');
    expect(saved).toMatchObject({ status: 'stopped', content: result.content });
    expect(result.content.length).toBeGreaterThan(0);
  });

  it('keeps the question and a failed answer with its error when the endpoint is gone', async () => {
    const meta = await core.handlers['history:create']({});
    await expect(
      core.handlers['chat:send']({
        mode: 'chat',
        requestId: 'r5',
        endpoint: { kind: 'local' },
        systemPrompt: '',
        messages: [{ role: 'user', content: 'anyone?' }],
        sampling: {},
        idSlot: null,
        record: { conversationId: meta.id, parentId: null, answerId: 'f1', question: { id: 'fq', content: 'anyone?' } },
      }),
    ).rejects.toMatchObject({ code: 'no_model_loaded' });
    const opened = await core.handlers['history:open']({ id: meta.id });
    expect(opened.messages.map((m) => [m.id, m.status])).toEqual([
      ['fq', 'complete'],
      ['f1', 'error'],
    ]);
    expect(opened.messages[1]?.error?.message).toMatch(/no local model/);
  });

  it('records into a conversation that does not exist: the answer still arrives, a notice says it was not saved', async () => {
    const result = await send('r6', {
      conversationId: 'no-such-conversation',
      parentId: null,
      answerId: 'x1',
      question: { id: 'xq', content: 'hi' },
    });
    expect(result.status).toBe('done');
    expect(notices.some((n) => n.code === 'history_write_failed')).toBe(true);
  });

  it('searches, renames, pins, deletes with undo, and exports through the handlers', async () => {
    const meta = await core.handlers['history:create']({});
    await send('r7', {
      conversationId: meta.id,
      parentId: null,
      answerId: 'k1',
      question: { id: 'kq', content: 'the word zanzibar is here' },
    });
    const found = await core.handlers['history:search']({ query: 'ZANZIBAR' });
    // The title (the first question) and the message both match: one row, opening at the message, the title marked.
    expect(found.hits.map((hit) => [hit.conversationId, hit.messageId])).toEqual([[meta.id, 'kq']]);
    expect(found.hits[0]?.titleMatches?.length).toBeGreaterThan(0);
    expect((await core.handlers['history:rename']({ id: meta.id, title: '  Trip notes ' })).title).toBe('Trip notes');
    expect((await core.handlers['history:pin']({ id: meta.id, pinned: true })).pinned).toBe(true);
    await core.handlers['history:set-conventions']({
      id: meta.id,
      systemPrompt: 'Answer as a pirate.',
      sampling: { temperature: 0.2 },
    });
    expect((await core.handlers['history:open']({ id: meta.id })).meta).toMatchObject({
      systemPrompt: 'Answer as a pirate.',
      sampling: { temperature: 0.2 },
    });
    expect((await core.handlers['history:list'](undefined)).conversations[0]?.id).toBe(meta.id);
    const markdown = await core.handlers['history:export']({ ids: [meta.id], format: 'markdown' });
    expect(markdown.text).toContain('Trip notes');
    expect(markdown.fileName).toBe('Trip notes.md');
    // Only the conversations asked for (what the page fetches after history:changed); a deleted one is not there.
    const all = (await core.handlers['history:list'](undefined)).conversations;
    expect(all.length).toBeGreaterThan(1);
    expect((await core.handlers['history:list']({ ids: [meta.id] })).conversations).toEqual([
      all.find((c) => c.id === meta.id),
    ]);
    const receipt = await core.handlers['history:delete']({ ids: [meta.id] });
    expect((await core.handlers['history:list']({ ids: [meta.id] })).conversations).toEqual([]);
    await expect(core.handlers['history:open']({ id: meta.id })).rejects.toBeTruthy();
    expect((await core.handlers['history:undo-delete']({ token: receipt.token })).restored).toEqual([meta.id]);
    expect((await core.handlers['history:open']({ id: meta.id })).meta.title).toBe('Trip notes');
  });

  it('saves the question within a moment even while the server has not answered yet (stand-in: a server that never answers)', async () => {
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', () => resolve()));
    const { id: silentLink } = await core.handlers['link:save']({
      profile: {
        name: 'silent',
        presetId: 'llama-server',
        baseUrl: `http://127.0.0.1:${(silent.address() as AddressInfo).port}/v1`,
        model: 'tiny',
      },
    });
    const running = core.handlers['chat:send']({
      mode: 'chat',
      requestId: 'slow',
      endpoint: { kind: 'link', linkId: silentLink },
      systemPrompt: '',
      messages: [{ role: 'user', content: 'are you there?' }],
      sampling: {},
      idSlot: null,
      record: {
        conversationId: 'waiting',
        parentId: null,
        answerId: 'w1',
        question: { id: 'wq', content: 'are you there?' },
        create: {},
      },
    });
    await new Promise((resolve) => setTimeout(resolve, SAVE_DELAY_MS + 300));
    const opened = await core.handlers['history:open']({ id: 'waiting' });
    expect(opened.messages.map((m) => [m.id, m.status])).toEqual([
      ['wq', 'complete'],
      ['w1', 'partial'],
    ]);
    await core.handlers['chat:stop']({ requestId: 'slow' });
    expect((await running).status).toBe('stopped');
    silent.closeAllConnections();
    await new Promise((resolve) => silent.close(resolve));
  });
});

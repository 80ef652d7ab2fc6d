// The chat store with the history: recording, reopening, branches, a saved conversation's own conventions and
// endpoint.
import { describe, expect, it } from 'vitest';
import { reply, settle, setupChatStore as setup } from '@renderer/test-support/chat-store-setup';
import { createStatusStore } from '../status/status-store';
import { createChatStore } from './chat-store';
import { createStreamFollower } from './stream-follower';

describe('chat store and the history', () => {
  const texts = (items: readonly { kind: string; content?: unknown; answer?: { content: string } }[]) =>
    items.map((item) => (item.kind === 'user' ? item.content : item.answer?.content));

  it('records each exchange into one saved conversation, created on the first message', async () => {
    const { chat, api, sent } = await setup({ chatReply: reply('A1') });
    await chat.send('Q1');
    await chat.send('Q2');
    const id = chat.conversation.getState().id;
    expect(id).not.toBeNull();
    const [first, second] = sent();
    // The first question creates the conversation in the core, beside the request: no extra round trip before the
    // answer.
    expect(api.calls.filter((c) => c.channel === 'history:create')).toHaveLength(0);
    expect(first?.record).toMatchObject({
      conversationId: id,
      parentId: null,
      question: { content: 'Q1' },
      create: { systemPrompt: expect.any(String) },
    });
    expect(second?.record?.create).toBeUndefined();
    const items = chat.conversation.getState().items;
    expect(second?.record).toMatchObject({ conversationId: id, parentId: items[1]?.id, question: { content: 'Q2' } });
    const opened = await api.invoke('history:open', { id: id ?? '' });
    expect(opened.ok && opened.value.messages.map((m) => m.content)).toEqual(['Q1', 'A1', 'Q2', 'A1']);
  });

  it('a new store (a reloaded page) opens the conversation that was open', async () => {
    const remembered = { value: null as string | null };
    const lastOpened = { get: () => remembered.value, set: (id: string | null) => void (remembered.value = id) };
    const { api, app, chat: first } = await setup({ chatReply: reply('A1') });
    void first;
    const status = createStatusStore(api);
    const follower = createStreamFollower(api, () => undefined);
    let n = 100;
    const make = () =>
      createChatStore({
        api,
        app,
        status,
        follower,
        newId: () => `x${++n}`,
        sleep: () => Promise.resolve(),
        lastOpened,
      });
    const before = make();
    before.start();
    await before.send('remember me');
    const reloaded = make();
    reloaded.start();
    await settle();
    await settle();
    expect(reloaded.conversation.getState().id).toBe(before.conversation.getState().id);
    expect(texts(reloaded.conversation.getState().items)).toEqual(['remember me', 'A1']);
  });

  it('edit and regenerate add siblings; ‹ › switches between them and sends only the active branch', async () => {
    let answer = 0;
    const { chat, sent } = await setup({ chatReply: () => [[{ type: 'content', text: `A${++answer}` }]] });
    await chat.send('Q1');
    const [q1] = chat.conversation.getState().items;
    await chat.regenerate();
    expect(texts(chat.conversation.getState().items)).toEqual(['Q1', 'A2']);
    await chat.editAndResend(q1?.id ?? '', 'Q1 edited');
    expect(texts(chat.conversation.getState().items)).toEqual(['Q1 edited', 'A3']);
    expect(
      sent()
        .at(-1)
        ?.messages.map((m) => m.content),
    ).toEqual(['Q1 edited']);
    const state = chat.conversation.getState();
    expect(state.branches.get('')).toHaveLength(2);

    expect(await chat.switchBranch(state.items[0]?.id ?? '', -1)).toBe(true);
    expect(texts(chat.conversation.getState().items)).toEqual(['Q1', 'A2']);
    const a2 = chat.conversation.getState().items[1];
    expect(await chat.switchBranch(a2?.id ?? '', -1)).toBe(true);
    expect(texts(chat.conversation.getState().items)).toEqual(['Q1', 'A1']);
    expect(await chat.switchBranch(chat.conversation.getState().items[1]?.id ?? '', -1)).toBe(false);

    await chat.send('Q2');
    expect(
      sent()
        .at(-1)
        ?.messages.map((m) => m.content),
    ).toEqual(['Q1', 'A1', 'Q2']);
  });

  it('clear starts a new conversation and forgets the open one', async () => {
    const { chat } = await setup({ chatReply: reply('A') });
    await chat.send('Q');
    const first = chat.conversation.getState().id;
    chat.clear();
    expect(chat.conversation.getState().id).toBeNull();
    await chat.send('Q again');
    expect(chat.conversation.getState().id).not.toBe(first);
  });

  it('tells the core when it leaves a conversation for a new one (its slot is saved while the user types), and not when nothing was open', async () => {
    const { chat, api } = await setup({ chatReply: reply('A') });
    const leaves = () => api.calls.filter((c) => c.channel === 'history:leave').length;
    chat.clear();
    expect(leaves()).toBe(0);
    await chat.send('Q');
    chat.clear();
    expect(leaves()).toBe(1);
  });
});

describe('opening a saved conversation', () => {
  it('uses its own system prompt and sampling for itself only, never as the global settings, and reuses its slot', async () => {
    const { chat, api, app, sent } = await setup({ chatReply: reply('A') });
    await app.updateSettings({
      chat: { systemPrompt: 'Be a pirate.', sampling: { temperature: 0.3, max_tokens: 64 } },
    });
    await chat.send('ahoy');
    const id = chat.conversation.getState().id ?? '';
    await api.invoke('history:create', {});
    chat.clear();
    await app.updateSettings({ chat: { systemPrompt: 'Be brief.', sampling: { temperature: 1.2 } } });
    expect(await chat.open(id)).toBe(true);
    // Opening it changed nothing global (an imported file's system prompt would otherwise become the default).
    expect(app.store.getState().settings?.chat.systemPrompt).toBe('Be brief.');
    expect(app.store.getState().settings?.chat.sampling).toEqual({ temperature: 1.2 });
    await chat.send('again');
    expect(sent().at(-1)?.systemPrompt).toBe('Be a pirate.');
    expect(sent().at(-1)?.sampling).toMatchObject({ temperature: 0.3, max_tokens: 64 });
    // The fake local server answered from slot 0; the reopened conversation asks for it again.
    expect(sent().at(-1)?.idSlot).toBe(0);
    // A new conversation uses the global settings.
    chat.clear();
    await chat.send('fresh');
    expect(sent().at(-1)?.systemPrompt).toBe('Be brief.');
  });

  it("keeps the open conversation's own conventions when the defaults change, and follows the defaults once they are reset", async () => {
    const { chat, app, sent } = await setup({ chatReply: reply('A') });
    await app.updateSettings({ chat: { systemPrompt: 'Be a pirate.' } });
    await chat.send('ahoy');
    const id = chat.conversation.getState().id ?? '';
    chat.clear();
    expect(await chat.open(id)).toBe(true);
    await app.updateSettings({ chat: { systemPrompt: 'Be kind.' } });
    await chat.send('again');
    expect(sent().at(-1)?.systemPrompt).toBe('Be a pirate.');
    chat.conventions.setState(null, true);
    await chat.send('and again');
    expect(sent().at(-1)?.systemPrompt).toBe('Be kind.');
  });

  it("a new chat's own conventions are used for it and saved with it", async () => {
    const { chat, sent } = await setup({ chatReply: reply('A') });
    chat.conventions.setState({ systemPrompt: 'Only here.', sampling: { temperature: 0.1 } }, true);
    await chat.send('hi');
    expect(sent().at(-1)).toMatchObject({ systemPrompt: 'Only here.', sampling: { temperature: 0.1 } });
    chat.clear();
    expect(chat.conventions.getState()).toBeNull();
  });
});

describe("chat store: an opened conversation's endpoint", () => {
  it('is offered, never switched to unasked; the user switches with one click', async () => {
    const { chat, app, api, sent } = await setup({ chatReply: reply('A') });
    const saved = await api.invoke('link:save', {
      profile: { name: 'Paid API', presetId: 'openai', baseUrl: 'https://api.example.com/v1', model: 'm' },
    });
    const linkId = saved.ok ? saved.value.id : '';
    await app.updateSettings({ chat: { endpoint: { kind: 'link', linkId } } });
    await chat.send('held on the paid API');
    const conversationId = chat.conversation.getState().id ?? '';
    chat.clear();
    await app.updateSettings({ chat: { endpoint: { kind: 'local' } } });

    expect(await chat.open(conversationId)).toBe(true);
    expect(app.store.getState().settings?.chat.endpoint).toEqual({ kind: 'local' });
    expect(chat.heldEndpoint.offer.getState()).toEqual({ kind: 'link', linkId });
    await chat.send('next question');
    expect(sent().at(-1)).toMatchObject({ endpoint: { kind: 'local' } });

    expect(await chat.heldEndpoint.accept()).toBe(true);
    expect(app.store.getState().settings?.chat.endpoint).toEqual({ kind: 'link', linkId });
    expect(chat.heldEndpoint.offer.getState()).toBeNull();
  });

  it('offers nothing when the conversation was held with the endpoint in use, and forgets an offer with a new chat', async () => {
    const { chat, api } = await setup({ chatReply: reply('A') });
    const imported = await api.invoke('history:import', {
      text: JSON.stringify({ messages: [{ role: 'user', content: 'hi' }] }),
    });
    expect(imported.ok).toBe(true);
    const list = await api.invoke('history:list');
    const id = list.ok ? (list.value.conversations[0]?.id ?? '') : '';
    await chat.open(id);
    expect(chat.heldEndpoint.offer.getState()).toBeNull();
    chat.heldEndpoint.offer.setState({ kind: 'link', linkId: 'x' }, true);
    chat.clear();
    expect(chat.heldEndpoint.offer.getState()).toBeNull();
  });
});

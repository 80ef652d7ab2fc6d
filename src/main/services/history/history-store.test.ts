import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { buildTree, editedMessage, regenerationPoint, siblingsOf, switchSibling } from '@shared/history/tree';
import type { ConversationMeta } from '@shared/history/types';
import { faultyFs, storeOn, tempDir } from '@test-support/history/helpers';

const endpoint = { kind: 'local' as const, baseUrl: 'http://127.0.0.1:8080', model: 'tiny' };

async function chat(
  store: ReturnType<typeof storeOn>['store'],
  question: string,
  answer: string,
  parentId: string | null = null,
  conversation?: ConversationMeta,
) {
  const meta =
    conversation ??
    (await store.create({ endpoint, systemPrompt: 'Be kind.', sampling: { temperature: 0.5 }, nCtx: 2048, slotId: 1 }));
  const user = await store.appendMessage(meta.id, { parentId, role: 'user', content: question });
  const streamed = await store.beginStream(meta.id, { parentId: user.id, role: 'assistant', content: '' });
  store.updateStream(meta.id, streamed.id, { content: answer.slice(0, 3), reasoning: 'thinking' });
  const final = await store.endStream(meta.id, streamed.id, { content: answer, timings: { predicted_n: 5 } });
  return { meta, user, answer: final };
}

describe('history store', () => {
  it('keeps a conversation across restarts: meta, messages, title, list row', async () => {
    const dir = await tempDir();
    const first = storeOn(dir);
    const { meta, user, answer } = await chat(first.store, 'How far is the Moon?\nRoughly.', '384,400 km');
    await first.store.close();

    const second = storeOn(dir);
    const list = await second.store.list();
    expect(list).toEqual([
      {
        id: meta.id,
        title: 'How far is the Moon?',
        createdAt: meta.createdAt,
        updatedAt: answer.updatedAt,
        pinned: false,
        messageCount: 2,
        preview: 'How far is the Moon?',
      },
    ]);
    const opened = await second.store.open(meta.id);
    expect(opened.meta).toMatchObject({
      endpoint,
      systemPrompt: 'Be kind.',
      sampling: { temperature: 0.5 },
      nCtx: 2048,
      slotId: 1,
      messageCount: 2,
    });
    expect(opened.messages).toEqual([user, answer]);
    expect(answer).toMatchObject({
      status: 'complete',
      content: '384,400 km',
      reasoning: 'thinking',
      timings: { predicted_n: 5 },
    });
    expect(opened.activePath).toEqual([user.id, answer.id]);
    expect(opened.notices).toEqual([]);
    expect(second.notices).toEqual([]);
  });

  it('edits and regenerations become siblings; the chosen branch survives a restart', async () => {
    const dir = await tempDir();
    const { store } = storeOn(dir);
    const { meta, user, answer } = await chat(store, 'Name a colour', 'Red');
    const second = await store.appendMessage(meta.id, { parentId: answer.id, role: 'user', content: 'Another' });

    // Regenerate the first answer: a sibling under the same question.
    let tree = buildTree((await store.open(meta.id)).messages);
    const point = regenerationPoint(tree, answer.id);
    const regen = await store.beginStream(meta.id, {
      parentId: point?.parentId ?? null,
      role: 'assistant',
      content: '',
    });
    await store.endStream(meta.id, regen.id, { content: 'Blue' });
    // Edit the question: a sibling root.
    tree = buildTree((await store.open(meta.id)).messages);
    const edit = editedMessage(tree, user.id, 'Name a fruit');
    const edited = await store.appendMessage(meta.id, edit as NonNullable<typeof edit>);

    let opened = await store.open(meta.id);
    tree = buildTree(opened.messages);
    expect(siblingsOf(tree, regen.id)).toEqual({ ids: [answer.id, regen.id], index: 1 });
    expect(siblingsOf(tree, edited.id)).toEqual({ ids: [user.id, edited.id], index: 1 });
    expect(opened.activePath).toEqual([edited.id]);
    expect(opened.messages).toHaveLength(5);

    // ‹ on the edited question: back to the original, onto its newest leaf (the regenerated answer).
    const back = switchSibling(tree, edited.id, -1);
    expect(back?.messageId).toBe(user.id);
    let selected = await store.selectBranch(meta.id, back?.messageId ?? '');
    expect(selected.activePath).toEqual([user.id, regen.id]);
    // ‹ on the answer: the first answer and the question that followed it.
    selected = await store.selectBranch(meta.id, switchSibling(tree, regen.id, -1)?.messageId ?? '');
    expect(selected.activePath).toEqual([user.id, answer.id, second.id]);
    await store.close();

    const again = storeOn(dir);
    opened = await again.store.open(meta.id);
    expect(opened.activePath).toEqual([user.id, answer.id, second.id]);
    // Continuing that branch keeps it active.
    const next = await again.store.appendMessage(meta.id, { parentId: second.id, role: 'assistant', content: 'Green' });
    expect((await again.store.open(meta.id)).activePath).toEqual([user.id, answer.id, second.id, next.id]);
  });

  it('renames, pins and lists pinned first, newest first (renaming does not reorder)', async () => {
    const dir = await tempDir();
    let t = 1000;
    const { store } = storeOn(dir, { now: () => t++ });
    const a = await store.create();
    const b = await store.create();
    const c = await store.create();
    await store.rename(a.id, '  Trip plans  ');
    await store.setPinned(c.id, true);
    expect((await store.list()).map((s) => s.id)).toEqual([c.id, b.id, a.id]);
    expect((await store.list()).find((s) => s.id === a.id)?.title).toBe('Trip plans');
    await store.close();
    const reopened = storeOn(dir);
    expect((await reopened.store.list()).map((s) => [s.id, s.pinned, s.title])).toEqual([
      [c.id, true, ''],
      [b.id, false, ''],
      [a.id, false, 'Trip plans'],
    ]);
  });

  it('deletes into the trash, undoes, and purges after the grace period', async () => {
    const dir = await tempDir();
    const { store } = storeOn(dir, { trashGraceMs: 300 });
    const { meta } = await chat(store, 'keep me', 'ok');
    const other = await store.create();
    const receipt = await store.delete([meta.id]);
    expect(receipt.conversationIds).toEqual([meta.id]);
    expect((await store.list()).map((s) => s.id)).toEqual([other.id]);
    expect((await store.search('keep me')).hits).toEqual([]);
    expect(await store.undoDelete(receipt.token)).toEqual([meta.id]);
    expect((await store.list()).map((s) => s.id).sort()).toEqual([meta.id, other.id].sort());
    expect((await store.search('keep me')).hits.map((h) => h.conversationId)).toContain(meta.id);
    expect((await store.open(meta.id)).messages).toHaveLength(2);

    const all = await store.clearAll();
    expect(all.conversationIds.sort()).toEqual([meta.id, other.id].sort());
    expect(await store.list()).toEqual([]);
    // The trash is emptied in the background.
    await vi.waitFor(async () => expect(await readdir(join(dir, '.trash'))).toEqual([]), { timeout: 10_000 });
    expect(await store.undoDelete(all.token)).toEqual([]);
    await store.close();
  });

  it('a delete that fails half-way puts back what it had moved', async () => {
    const dir = await tempDir();
    const fs = faultyFs();
    const { store } = storeOn(dir, { fs });
    const a = await store.create({ title: 'a' });
    const b = await store.create({ title: 'b' });
    fs.failWith = 'EIO';
    fs.only = new RegExp(`${b.id}$`);
    await expect(store.delete([a.id, b.id])).rejects.toMatchObject({
      details: { historyCode: 'history_write_failed', conversationId: b.id },
    });
    fs.failWith = null;
    expect((await store.list()).map((s) => s.id).sort()).toEqual([a.id, b.id].sort());
    expect(await readdir(join(dir, '.trash'))).toEqual([]);
    await store.close();
  });

  it('deleting a conversation that is streaming drops the stream', async () => {
    const dir = await tempDir();
    const { store } = storeOn(dir, { streamSaveMs: 5 });
    const meta = await store.create();
    const answer = await store.beginStream(meta.id, { parentId: null, role: 'assistant', content: '' });
    store.updateStream(meta.id, answer.id, { content: 'abc' });
    await store.delete([meta.id]);
    expect(() => store.updateStream(meta.id, answer.id, { content: 'abcd' })).toThrow(/not streaming/);
    await store.close();
  });

  it('searches titles and message text, and stays current as messages change', async () => {
    const dir = await tempDir();
    const { store } = storeOn(dir);
    const { meta } = await chat(store, 'Tell me about Zebras', 'Zebras have black and white stripes.');
    await store.rename(meta.id, 'Striped animals');
    let result = await store.search('STRIPES');
    expect(result.hits).toHaveLength(1);
    const [hit] = result.hits;
    expect(hit?.snippet.slice(hit.matches[0]?.start, hit.matches[0]?.end)).toBe('stripes');
    result = await store.search('striped');
    expect(result.hits[0]).toMatchObject({ conversationId: meta.id, messageId: null, title: 'Striped animals' });
    const later = await store.appendMessage(meta.id, { parentId: null, role: 'user', content: 'What about okapis?' });
    expect((await store.search('okapi')).hits.map((h) => h.messageId)).toEqual([later.id]);
    await store.updateMessage(meta.id, later.id, { content: 'What about giraffes?' });
    expect((await store.search('okapi')).hits).toEqual([]);
    expect((await store.search('giraffe')).hits).toHaveLength(1);
    await store.close();
  });

  it('finds text in message 1,000 of a long conversation', async () => {
    const dir = await tempDir();
    const writer = storeOn(dir);
    // Imported in one write: 1,200 separate fsynced appends would only slow the test down.
    const openAi = Array.from({ length: 1200 }, (_, i) => ({
      role: i % 2 ? 'assistant' : 'user',
      content: i === 999 ? 'the secret word is xylophone-42' : `message number ${i + 1}`,
    }));
    const [meta] = await writer.store.importFile(JSON.stringify(openAi));
    await writer.store.appendMessage(meta?.id ?? '', {
      parentId: 'm1200',
      role: 'user',
      content: 'and one appended after',
    });
    await writer.store.close();
    const reader = storeOn(dir);
    const result = await reader.store.search('Xylophone-42');
    expect(result.hits.map((h) => [h.conversationId, h.messageId])).toEqual([[meta?.id, 'm1000']]);
    const opened = await reader.store.open(meta?.id ?? '');
    expect(opened.activePath).toHaveLength(1201);
    expect(opened.activePath[999]).toBe('m1000');
  });

  it('export → import is lossless, branches, tool calls and attachments included', async () => {
    const dir = await tempDir();
    const { store } = storeOn(dir);
    const { meta, user } = await chat(store, 'Look at this', 'A cat.');
    const toolStep = await store.appendMessage(meta.id, {
      parentId: user.id,
      role: 'assistant',
      content: [{ type: 'text', text: 'Calling a tool' }],
      toolCalls: [{ id: 'call_1', type: 'function', function: { name: 'vision', arguments: '{"detail":"high"}' } }],
      extra: { steps: [{ kind: 'tool', name: 'vision', ms: 12 }] },
    });
    await store.appendMessage(meta.id, {
      parentId: null,
      role: 'user',
      content: [
        { type: 'image_url', image_url: { url: 'data:image/png;base64,iVBOR' } },
        { type: 'input_audio', input_audio: { data: 'UklGR', format: 'wav' } },
      ],
    });
    await store.setPinned(meta.id, true);

    const exported = JSON.parse(await store.exportJson([meta.id]));
    const [imported] = await store.importFile(JSON.stringify(exported));
    expect(imported?.id).not.toBe(meta.id);
    const reExported = JSON.parse(await store.exportJson([imported?.id ?? '']));
    const original = exported.conversations[0];
    const copy = reExported.conversations[0];
    expect(copy.messages).toEqual(original.messages);
    expect({ ...copy.meta, id: meta.id }).toEqual(original.meta);

    expect((await store.exportMarkdown('all')).match(/^# Look at this$/gm)).toHaveLength(2);
    await store.selectBranch(meta.id, toolStep.id);
    const md = await store.exportMarkdown([meta.id]);
    expect(md).toContain('## Assistant\n\nCalling a tool\n\n<details>\n<summary>Tool call: vision</summary>');
    await store.close();
  });

  it('imports an OpenAI messages array as a new conversation', async () => {
    const dir = await tempDir();
    const { store } = storeOn(dir);
    const [meta] = await store.importFile(
      JSON.stringify([
        { role: 'system', content: 'sys' },
        { role: 'user', content: 'hello there' },
        { role: 'assistant', content: 'hi' },
      ]),
    );
    const opened = await store.open(meta?.id ?? '');
    expect(opened.meta.systemPrompt).toBe('sys');
    expect(opened.messages.map((m) => m.content)).toEqual(['hello there', 'hi']);
    expect((await store.list())[0]).toMatchObject({
      id: meta?.id,
      title: 'hello there',
      messageCount: 2,
      preview: 'hello there',
    });
    // Found in its title (named after the first question) and in the message itself.
    expect((await store.search('hello there')).hits.map((hit) => hit.conversationId)).toEqual([meta?.id, meta?.id]);
    await store.close();
  });

  it('serialises concurrent writes to one conversation', async () => {
    const dir = await tempDir();
    const { store } = storeOn(dir);
    const meta = await store.create();
    const written = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        store.appendMessage(meta.id, { parentId: null, role: 'user', content: `parallel ${i} ${'x'.repeat(i * 50)}` }),
      ),
    );
    await store.close();
    const reader = storeOn(dir);
    const opened = await reader.store.open(meta.id);
    expect(opened.messages).toEqual(written);
    expect(reader.notices).toEqual([]);
  });

  it('rebuilds the list after a crash that skipped the index write, a lost index and a damaged one', async () => {
    const dir = await tempDir();
    // A huge flush delay: the index is never written by the timer, as if the app died first.
    const crashed = storeOn(dir, { indexFlushMs: 60_000 });
    const { meta: a } = await chat(crashed.store, 'first', 'one');
    await crashed.store.flush();
    await crashed.store.appendMessage(a.id, {
      parentId: null,
      role: 'user',
      content: 'added after the index was written',
    });
    const { meta: b } = await chat(crashed.store, 'second', 'two');
    const journal = await readFile(join(dir, 'index.journal'), 'utf8');
    expect(journal).toContain(a.id);
    // no close(): the process "dies" here

    let fresh = storeOn(dir);
    let list = await fresh.store.list();
    expect(list.map((s) => [s.id, s.messageCount])).toEqual([
      [b.id, 2],
      [a.id, 3],
    ]);
    expect(fresh.notices).toEqual([]);
    await fresh.store.close();
    expect(await readFile(join(dir, 'index.journal'), 'utf8')).toBe('');

    // A conversation folder removed behind the app's back disappears from the list.
    await rm(join(dir, b.id), { recursive: true });
    await rm(join(dir, 'index.json'));
    fresh = storeOn(dir);
    list = await fresh.store.list();
    expect(list.map((s) => s.id)).toEqual([a.id]);
    expect(fresh.notices.map((n) => [n.code, n.level])).toEqual([['history_index_rebuilt', 'info']]);
    await fresh.store.close();

    await writeFile(join(dir, 'index.json'), '{"version":1,"entries":[{"id":"x"');
    fresh = storeOn(dir);
    expect((await fresh.store.list()).map((s) => s.id)).toEqual([a.id]);
    expect(fresh.notices.map((n) => [n.code, n.level])).toEqual([['history_index_rebuilt', 'warning']]);
    await fresh.store.close();
  });

  it('refuses bad input as data, not as a crash', async () => {
    const dir = await tempDir();
    const { store } = storeOn(dir);
    const meta = await store.create();
    await expect(store.open('../etc')).rejects.toMatchObject({
      code: 'bad_request',
      details: { historyCode: 'history_bad_request' },
    });
    await expect(store.open('nope')).rejects.toMatchObject({ code: 'not_found' });
    await expect(
      store.appendMessage(meta.id, { parentId: 'missing', role: 'user', content: 'x' }),
    ).rejects.toMatchObject({ details: { historyCode: 'history_bad_request' } });
    await expect(
      store.appendMessage(meta.id, { parentId: null, role: 'wizard' as 'user', content: 'x' }),
    ).rejects.toMatchObject({ details: { historyCode: 'history_bad_request' } });
    expect(() => store.updateStream(meta.id, 'none', { content: 'x' })).toThrow(/not streaming/);
    await store.close();
  });
});

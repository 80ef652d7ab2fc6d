// The history store end to end on a real temp dir: restarts, branches, names and pins, concurrent writes, a
// rebuilt list and bad input.
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildTree, editedMessage, regenerationPoint, siblingsOf, switchSibling } from '@shared/history/tree';
import { storeOn, tempDir } from '@test-support/history/helpers';
import { chat, endpoint } from '@test-support/history/chat-exchange';

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

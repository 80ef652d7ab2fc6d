// Deleting conversations through the store: the trash, undo, purge, and a delete that fails half-way.
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { faultyFs, storeOn, tempDir } from '@test-support/history/helpers';
import { chat } from '@test-support/history/chat-exchange';

describe('history store: deleting', () => {
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
});

// Summary checkpoints in the history store on a real temp dir: kept in the
// conversation's checkpoints.json across restarts, a conversation from before
// them opening as it always did, one from a newer EVA left alone, a damaged
// entry costing only itself, an edit in place ending the summary, and a failed
// write leaving memory as the disk has it.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { chat } from '@test-support/history/chat-exchange';
import { faultyFs, storeOn, tempDir } from '@test-support/history/helpers';

async function twoExchanges(store: ReturnType<typeof storeOn>['store']) {
  const first = await chat(store, 'Plan the trip to Lisbon', 'Flights on 3 May');
  const second = await chat(store, 'Budget is 1200 EUR', 'Noted', first.answer.id, first.meta);
  return { id: first.meta.id, ids: [first.user.id, first.answer.id, second.user.id, second.answer.id] };
}

describe('summary checkpoints in the history', () => {
  it('are kept in checkpoints.json, and stand in for their messages after a restart', async () => {
    const dir = await tempDir();
    const first = storeOn(dir);
    const { id, ids } = await twoExchanges(first.store);
    const added = await first.store.checkpoints.add(id, { upToId: ids[1]!, summary: 'Lisbon, 3 May', tokens: 5 });
    expect(added).toMatchObject({ upToId: ids[1], count: 2, summary: 'Lisbon, 3 May', tokens: 5 });
    await first.store.close();

    const file = JSON.parse(await readFile(join(dir, id, 'checkpoints.json'), 'utf8'));
    expect(file).toEqual({ version: 1, checkpoints: [added] });
    const second = storeOn(dir);
    const opened = await second.store.open(id);
    expect(opened.checkpoints).toEqual([added]);
    expect(opened.notices).toEqual([]);
    expect(await second.store.checkpoints.inPlace({ conversationId: id, ids: [...ids, 'new-question'] })).toEqual({
      checkpoint: added,
      covered: 2,
    });
  });

  it('a conversation from before summaries opens as it always did, with none', async () => {
    const dir = await tempDir();
    const { store, notices } = storeOn(dir);
    const { id, ids } = await twoExchanges(store);
    await store.close();
    const again = storeOn(dir);
    const opened = await again.store.open(id);
    expect(opened.checkpoints).toBeUndefined();
    expect(opened.messages.map((m) => m.id)).toEqual(ids);
    expect(await again.store.checkpoints.inPlace({ conversationId: id, ids })).toBeNull();
    expect(await again.store.checkpoints.inPlace({ conversationId: 'not-written-yet', ids })).toBeNull();
    expect([...notices, ...again.notices]).toEqual([]);
  });

  it('an edit in place of a covered message ends the summary, on open and for a send', async () => {
    const dir = await tempDir();
    const { store } = storeOn(dir);
    const { id, ids } = await twoExchanges(store);
    await store.checkpoints.add(id, { upToId: ids[3]!, summary: 'Lisbon, 1200 EUR', tokens: null });
    await store.updateMessage(id, ids[2]!, { content: 'Budget is 2000 EUR' });
    expect((await store.open(id)).checkpoints).toBeUndefined();
    expect(await store.checkpoints.inPlace({ conversationId: id, ids })).toBeNull();
    // The next one written drops the one that no longer holds.
    const fresh = await store.checkpoints.add(id, { upToId: ids[3]!, summary: 'Lisbon, 2000 EUR', tokens: null });
    expect(JSON.parse(await readFile(join(dir, id, 'checkpoints.json'), 'utf8')).checkpoints).toEqual([fresh]);
  });

  it('a file from a newer EVA is neither used nor rewritten', async () => {
    const dir = await tempDir();
    const first = storeOn(dir);
    const { id, ids } = await twoExchanges(first.store);
    await first.store.close();
    const newer = `${JSON.stringify({ version: 2, checkpoints: [{ shape: 'unknown here' }] })}\n`;
    await writeFile(join(dir, id, 'checkpoints.json'), newer);
    const second = storeOn(dir);
    expect((await second.store.open(id)).checkpoints).toBeUndefined();
    expect(await second.store.checkpoints.inPlace({ conversationId: id, ids })).toBeNull();
    await expect(second.store.checkpoints.add(id, { upToId: ids[1]!, summary: 's', tokens: null })).rejects.toThrow(
      /from a newer EVA/,
    );
    expect(await readFile(join(dir, id, 'checkpoints.json'), 'utf8')).toBe(newer);
  });

  it('a damaged entry costs that summary only, and is said', async () => {
    const dir = await tempDir();
    const first = storeOn(dir);
    const { id, ids } = await twoExchanges(first.store);
    const kept = await first.store.checkpoints.add(id, { upToId: ids[1]!, summary: 'Lisbon', tokens: 2 });
    await first.store.close();
    const path = join(dir, id, 'checkpoints.json');
    const file = JSON.parse(await readFile(path, 'utf8'));
    await writeFile(path, JSON.stringify({ version: 1, checkpoints: [...file.checkpoints, { id: 'x', hash: 42 }] }));
    const second = storeOn(dir);
    const opened = await second.store.open(id);
    expect(opened.checkpoints).toEqual([kept]);
    expect(second.notices).toEqual([
      expect.objectContaining({
        code: 'history_recovered',
        conversationId: id,
        message: expect.stringMatching(/1 damaged/),
      }),
    ]);
  });

  it('a failed write leaves the summaries as the disk has them, and says why', async () => {
    const dir = await tempDir();
    const fs = faultyFs();
    const { store } = storeOn(dir, { fs });
    const { id, ids } = await twoExchanges(store);
    fs.failWith = 'ENOSPC';
    fs.only = /checkpoints\.json$/;
    await expect(store.checkpoints.add(id, { upToId: ids[1]!, summary: 's', tokens: null })).rejects.toMatchObject({
      details: { historyCode: 'history_write_failed' },
    });
    expect((await store.open(id)).checkpoints).toBeUndefined();
    await expect(store.checkpoints.add(id, { upToId: 'missing', summary: 's', tokens: null })).rejects.toThrow(
      /does not exist/,
    );
  });
});

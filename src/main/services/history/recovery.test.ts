// The corruption corpus: every kind of damage a crash, a bad disk or a newer
// EVA can leave, each checked for "clear notice, nothing lost".
import { appendFile, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { AppFailure } from '@shared/errors';
import type { StoredMessage } from '@shared/history/types';
import { faultyFs, storeOn, tempDir } from '@test-support/history/helpers';

/** A conversation with three saved messages, written by a store that is then closed. */
async function seeded() {
  const dir = await tempDir();
  const { store } = storeOn(dir);
  const meta = await store.create({ systemPrompt: 'sys' });
  const a = await store.appendMessage(meta.id, { parentId: null, role: 'user', content: 'first question — 第一' });
  const b = await store.appendMessage(meta.id, { parentId: a.id, role: 'assistant', content: 'first answer' });
  const c = await store.appendMessage(meta.id, { parentId: b.id, role: 'user', content: 'second question' });
  await store.close();
  return {
    dir,
    id: meta.id,
    messages: [a, b, c],
    log: join(dir, meta.id, 'messages.jsonl'),
    metaFile: join(dir, meta.id, 'meta.json'),
  };
}

const codes = (notices: Array<{ code: string }>) => notices.map((n) => n.code);

async function reopen(dir: string, id: string) {
  const { store, notices } = storeOn(dir);
  const opened = await store.open(id);
  return { store, notices, opened };
}

describe('history recovery', () => {
  it('a torn last line: intact messages kept, the fragment quarantined with its offset, the file repaired', async () => {
    const s = await seeded();
    const clean = await readFile(s.log);
    const fragment = '{"id":"m-torn","parentId":null,"role":"assistant","content":"half an ans';
    await appendFile(s.log, fragment);
    const { store, notices, opened } = await reopen(s.dir, s.id);
    expect(opened.messages).toEqual(s.messages);
    expect(codes(opened.notices)).toEqual(['history_recovered']);
    expect(opened.notices[0]).toMatchObject({
      level: 'warning',
      details: { ranges: [{ offset: clean.length, length: fragment.length, reason: 'torn_line' }] },
    });
    expect(notices).toEqual(opened.notices);
    const quarantine = await readFile(`${s.log}.corrupt`, 'utf8');
    expect(quarantine).toContain(`"offset":${clean.length}`);
    expect(quarantine).toContain(fragment);
    expect(await readFile(s.log)).toEqual(clean);
    // Appending after the repair produces a clean file that reopens without notices.
    const d = await store.appendMessage(s.id, {
      parentId: s.messages[2]?.id ?? null,
      role: 'assistant',
      content: 'after repair',
    });
    await store.close();
    const again = await reopen(s.dir, s.id);
    expect(again.opened.messages).toEqual([...s.messages, d]);
    expect(again.notices).toEqual([]);
  });

  it('NUL bytes in the middle and at the end', async () => {
    const s = await seeded();
    const lines = (await readFile(s.log, 'utf8')).split('\n');
    const damaged = Buffer.concat([
      Buffer.from(`${lines[0]}\n`),
      Buffer.alloc(4096),
      Buffer.from(`${lines[1]}\n${lines[2]}\n`),
      Buffer.alloc(100),
    ]);
    await writeFile(s.log, damaged);
    const { opened } = await reopen(s.dir, s.id);
    expect(opened.messages).toEqual(s.messages);
    expect(opened.notices[0]).toMatchObject({ code: 'history_recovered', details: { badBytes: 4196 } });
    expect((await readFile(`${s.log}.corrupt`)).includes(Buffer.alloc(4096))).toBe(true);
  });

  it('two objects on one line are both kept', async () => {
    const s = await seeded();
    const text = await readFile(s.log, 'utf8');
    await writeFile(s.log, text.replace('\n', ''));
    const { opened } = await reopen(s.dir, s.id);
    expect(opened.messages).toEqual(s.messages);
    expect(opened.notices).toMatchObject([{ code: 'history_recovered', level: 'info' }]);
    expect((await readFile(s.log, 'utf8')).split('\n')).toHaveLength(4);
  });

  it('invalid lines in the middle are quarantined, everything around them kept', async () => {
    const s = await seeded();
    const lines = (await readFile(s.log, 'utf8')).split('\n');
    await writeFile(
      s.log,
      [lines[0], '{"id":"broken", "role": tru', 'garbage ☃', '{"id":"x","role":"alien"}', lines[1], lines[2], ''].join(
        '\n',
      ),
    );
    const { opened } = await reopen(s.dir, s.id);
    expect(opened.messages).toEqual(s.messages);
    expect(opened.notices[0]?.details?.ranges).toHaveLength(3);
    const quarantine = await readFile(`${s.log}.corrupt`, 'utf8');
    expect(quarantine).toContain('garbage ☃');
    expect(quarantine).toContain('"reason":"invalid_message"');
  });

  it('a truncated meta.json is rebuilt from the messages, the damaged copy kept', async () => {
    const s = await seeded();
    const original = await readFile(s.metaFile, 'utf8');
    await writeFile(s.metaFile, original.slice(0, 40));
    const { opened, store } = await reopen(s.dir, s.id);
    expect(opened.messages).toEqual(s.messages);
    expect(opened.notices).toMatchObject([{ code: 'history_meta_rebuilt', level: 'warning' }]);
    expect(opened.meta).toMatchObject({
      id: s.id,
      title: 'first question — 第一',
      messageCount: 3,
      createdAt: s.messages[0]?.createdAt,
    });
    expect(await readFile(`${s.metaFile}.corrupt`, 'utf8')).toContain(original.slice(0, 40));
    expect(JSON.parse(await readFile(s.metaFile, 'utf8')).title).toBe('first question — 第一');
    expect((await store.list()).map((c) => c.id)).toEqual([s.id]);
  });

  it('a missing meta.json is rebuilt, and the list still shows the conversation', async () => {
    const s = await seeded();
    await writeFile(s.metaFile, '');
    const { rm } = await import('node:fs/promises');
    await rm(s.metaFile);
    await rm(join(s.dir, 'index.json'));
    const { store, notices } = storeOn(s.dir);
    expect((await store.list()).map((c) => [c.id, c.title, c.messageCount])).toEqual([
      [s.id, 'first question — 第一', 3],
    ]);
    expect(codes(notices).sort()).toEqual(['history_index_rebuilt', 'history_meta_rebuilt']);
    expect((await store.open(s.id)).messages).toEqual(s.messages);
  });

  it('files from a newer EVA are shown read-only and never rewritten', async () => {
    const s = await seeded();
    const meta = JSON.parse(await readFile(s.metaFile, 'utf8'));
    await writeFile(s.metaFile, JSON.stringify({ ...meta, version: 7, futureField: { x: 1 }, endpoint: 'new shape' }));
    await appendFile(s.log, '{"id":"future","kind":"hologram"}\n');
    const before = [await readFile(s.metaFile), await readFile(s.log)];
    const { store, opened } = await reopen(s.dir, s.id);
    expect(opened.readOnly).toBe(true);
    expect(opened.messages).toEqual(s.messages);
    expect(opened.notices).toMatchObject([{ code: 'history_newer_version', level: 'warning' }]);
    await expect(store.appendMessage(s.id, { parentId: null, role: 'user', content: 'x' })).rejects.toMatchObject({
      code: 'forbidden',
      details: { historyCode: 'history_read_only' },
    });
    await expect(store.rename(s.id, 'new')).rejects.toMatchObject({ details: { historyCode: 'history_read_only' } });
    await store.close();
    expect([await readFile(s.metaFile), await readFile(s.log)]).toEqual(before);
  });

  it('a partial answer left on disk reads back as interrupted, once', async () => {
    const s = await seeded();
    const partial: StoredMessage = {
      id: 'streamed',
      parentId: s.messages[2]?.id ?? null,
      role: 'assistant',
      content: 'so far',
      status: 'partial',
      createdAt: 5,
      updatedAt: 6,
    };
    await appendFile(s.log, `${JSON.stringify(partial)}\n`);
    const { opened, store } = await reopen(s.dir, s.id);
    expect(opened.messages.at(-1)).toEqual({ ...partial, status: 'interrupted' });
    expect(opened.notices).toMatchObject([
      { code: 'history_interrupted', level: 'info', details: { count: 1, messageIds: ['streamed'] } },
    ]);
    await store.close();
    const again = await reopen(s.dir, s.id);
    expect(again.opened.messages.at(-1)?.status).toBe('interrupted');
    expect(again.notices).toEqual([]);
  });

  it('an interrupted answer is continued in place (Continue): partial again at once, complete at the end, no new message', async () => {
    const s = await seeded();
    const partial: StoredMessage = {
      id: 'streamed',
      parentId: s.messages[2]?.id ?? null,
      role: 'assistant',
      content: 'so far',
      status: 'partial',
      createdAt: 5,
      updatedAt: 6,
    };
    await appendFile(s.log, `${JSON.stringify(partial)}\n`);
    const { store, opened } = await reopen(s.dir, s.id);
    expect(opened.messages.at(-1)?.status).toBe('interrupted');
    await expect(store.resumeStream(s.id, s.messages[0]!.id)).rejects.toMatchObject({
      details: { historyCode: 'history_bad_request' },
    });
    const reopened = await store.resumeStream(s.id, 'streamed');
    expect(reopened).toMatchObject({ id: 'streamed', status: 'partial', content: 'so far' });
    await expect(store.resumeStream(s.id, 'streamed')).rejects.toThrow(/already streaming/);
    store.updateStream(s.id, 'streamed', { content: 'so far, and the rest' });
    await store.endStream(s.id, 'streamed', { content: 'so far, and the rest.' });
    await store.close();
    const again = await reopen(s.dir, s.id);
    expect(again.opened.messages.map((m) => m.id)).toEqual([...s.messages.map((m) => m.id), 'streamed']);
    expect(again.opened.messages.at(-1)).toMatchObject({
      status: 'complete',
      content: 'so far, and the rest.',
      createdAt: 5,
    });
    expect(again.notices).toEqual([]);
  });

  for (const errno of ['EROFS', 'EACCES', 'ENOSPC']) {
    it(`a failing disk (${errno}) is reported as data; memory and disk keep what was saved`, async () => {
      const s = await seeded();
      const fs = faultyFs();
      const { store } = storeOn(s.dir, { fs });
      await store.open(s.id);
      fs.failWith = errno;
      // A disk filling up mid-line leaves half a line behind in the log.
      if (errno === 'ENOSPC') Object.assign(fs, { partialBytes: 25, only: /messages\.jsonl$/ });
      const failed = await store
        .appendMessage(s.id, { parentId: null, role: 'user', content: 'lost' })
        .catch((e: unknown) => e);
      fs.only = null;
      expect(failed).toBeInstanceOf(AppFailure);
      expect(failed).toMatchObject({
        code: 'internal',
        details: { historyCode: 'history_write_failed', errno, conversationId: s.id },
      });
      expect((failed as Error).message).toMatch(/could not be saved/);
      await expect(store.rename(s.id, 'x')).rejects.toMatchObject({ details: { errno } });
      await expect(store.create()).rejects.toMatchObject({ details: { historyCode: 'history_write_failed' } });
      await expect(store.delete([s.id])).rejects.toMatchObject({ details: { historyCode: 'history_write_failed' } });
      expect((await store.open(s.id)).messages).toEqual(s.messages);
      expect((await store.list()).map((c) => [c.id, c.messageCount])).toEqual([[s.id, 3]]);

      // The disk recovers: the next message lands on a fresh line, after any half-written one.
      fs.failWith = null;
      const d = await store.appendMessage(s.id, { parentId: null, role: 'user', content: 'kept' });
      await store.close();
      const { opened } = await reopen(s.dir, s.id);
      expect(opened.messages).toEqual([...s.messages, d]);
      expect(codes(opened.notices)).toEqual(errno === 'ENOSPC' ? ['history_recovered'] : []);
    });
  }

  it('a stream whose saves fail says so, keeps its tokens, and finishes once the disk recovers', async () => {
    const s = await seeded();
    const fs = faultyFs();
    const { store, notices } = storeOn(s.dir, { fs, streamSaveMs: 10 });
    const answer = await store.beginStream(s.id, {
      parentId: s.messages[2]?.id ?? null,
      role: 'assistant',
      content: '',
    });
    fs.failWith = 'ENOSPC';
    store.updateStream(s.id, answer.id, { content: 'tok' });
    await vi.waitFor(() => expect(notices.some((n) => n.conversationId)).toBe(true), { timeout: 10_000 });
    store.updateStream(s.id, answer.id, { content: 'tokens' });
    // (the list index, failing to save too, adds its own warning without a conversation id)
    expect(notices.filter((n) => n.conversationId)).toMatchObject([
      { code: 'history_write_failed', level: 'error', details: { errno: 'ENOSPC', messageId: answer.id } },
    ]);
    await expect(store.endStream(s.id, answer.id)).rejects.toMatchObject({
      details: { historyCode: 'history_write_failed' },
    });
    fs.failWith = null;
    const final = await store.endStream(s.id, answer.id);
    expect(final).toMatchObject({ content: 'tokens', status: 'complete' });
    await store.close();
    expect((await reopen(s.dir, s.id)).opened.messages.at(-1)).toEqual(final);
  });
});

// The next start after a crash: every question its run's inbox still held goes
// into its conversation (created with the same id when it did not exist yet);
// questions already saved are not added twice; an inbox whose questions could
// not all be put back is kept for the start after.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openHistory } from './history-module';
import { inboxFileName, recoverHeldQuestions } from './inbox-recovery';
import { QuestionInbox, readHeldQuestions } from './question-inbox';
import { heldRecord as record } from '@test-support/history/held-record';
import { faultyFs, storeOn, tempDir } from '@test-support/history/helpers';
import { nodeHistoryFs } from './history-fs';
import type { HistoryNotice } from '@shared/history/types';

/** No conversation cache here: nothing to save on leaving or to forget on deleting. */
const NO_CONVERSATION_CACHE = { leave: async () => {}, forget: async () => {}, forgetAll: async () => {} };

describe('questions recovered at the next start', () => {
  it('puts each held question into its conversation, created with the same id when it did not exist', async () => {
    const historyDir = await tempDir();
    const { store } = storeOn(historyDir);
    // conv-2 exists and already has an answer; its new question followed that answer.
    await store.create({}, 'conv-2');
    await store.appendMessage('conv-2', { id: 'old-q', parentId: null, role: 'user', content: 'earlier' });
    await store.appendMessage('conv-2', {
      id: 'old-a',
      parentId: 'old-q',
      role: 'assistant',
      content: 'earlier answer',
    });
    // conv-3 already got its question saved before the crash: not added twice.
    await store.create({}, 'conv-3');
    await store.appendMessage('conv-3', { id: 'q3', parentId: null, role: 'user', content: 'question 3' });
    const dead = new QuestionInbox(join(historyDir, inboxFileName('dead-run')));
    dead.hold(record(1));
    dead.hold(record(2, { parentId: 'old-a', create: undefined }));
    dead.hold(record(3, { create: undefined }));
    dead.hold(record(4, { parentId: 'lost-answer', create: undefined }));
    dead.hold(record(6));
    dead.settle('q6');
    const own = new QuestionInbox(join(historyDir, inboxFileName('this-run')));
    own.hold(record(5));

    const restored = await recoverHeldQuestions(store, historyDir, inboxFileName('this-run'), () => undefined);
    expect(restored.sort()).toEqual(['conv-1', 'conv-2', 'conv-4']);
    const one = await store.open('conv-1');
    expect(one.meta.systemPrompt).toBe('be brief');
    expect(one.messages.map((m) => [m.id, m.role, m.content, m.status])).toEqual([
      ['q1', 'user', 'question 1', 'complete'],
    ]);
    expect(one.activePath).toEqual(['q1']);
    expect((await store.open('conv-2')).activePath).toEqual(['old-q', 'old-a', 'q2']);
    expect((await store.open('conv-3')).messages.map((m) => m.id)).toEqual(['q3']);
    // Its parent was lost in the same crash: the question starts a branch of its own.
    expect((await store.open('conv-4')).messages.map((m) => [m.id, m.parentId])).toEqual([['q4', null]]);
    // Settled in the dead run (its conversation had it): nothing to put back.
    expect((await store.list()).map((c) => c.id)).not.toContain('conv-6');
    // The dead run's inbox is gone; this run's own is left alone.
    expect(existsSync(join(historyDir, inboxFileName('dead-run')))).toBe(false);
    expect(readHeldQuestions(join(historyDir, inboxFileName('this-run'))).map((h) => h.record.question.id)).toEqual([
      'q5',
    ]);
    await store.close();
  });

  it('keeps an inbox whose question could not be put back, and puts it back at the start after', async () => {
    const historyDir = await tempDir();
    const deadFile = join(historyDir, inboxFileName('dead-run'));
    const dead = new QuestionInbox(deadFile);
    dead.hold(record(1));
    dead.hold(record(2));
    // conv-2's folder cannot be written (a full disk, say).
    const fs = faultyFs();
    fs.failWith = 'ENOSPC';
    fs.only = /conv-2/;
    const first = storeOn(historyDir, { fs }).store;
    expect(await recoverHeldQuestions(first, historyDir, inboxFileName('run-2'), () => undefined)).toEqual(['conv-1']);
    expect(readHeldQuestions(deadFile).map((h) => h.record.question.id)).toEqual(['q1', 'q2']);
    await first.close();

    const second = storeOn(historyDir).store;
    expect(await recoverHeldQuestions(second, historyDir, inboxFileName('run-3'), () => undefined)).toEqual(['conv-2']);
    expect(existsSync(deadFile)).toBe(false);
    expect((await second.open('conv-1')).messages.map((m) => m.id)).toEqual(['q1']);
    expect((await second.open('conv-2')).messages.map((m) => m.id)).toEqual(['q2']);
    await second.close();
  });

  it('says so and keeps the question when its conversation cannot be read, never making it anew', async () => {
    const historyDir = await tempDir();
    const { store: before } = storeOn(historyDir);
    await before.create({}, 'conv-1');
    await before.appendMessage('conv-1', { id: 'old-q', parentId: null, role: 'user', content: 'earlier' });
    await before.close();
    const deadFile = join(historyDir, inboxFileName('dead-run'));
    new QuestionInbox(deadFile).hold(record(1, { create: undefined }));
    // conv-1's messages cannot be read (an I/O error), though its files are there.
    const eio = Object.assign(new Error('EIO: simulated'), { code: 'EIO' });
    const fs = {
      ...nodeHistoryFs,
      readFile: async (path: string) => {
        if (/conv-1[\\/]messages\.jsonl$/.test(path)) throw eio;
        return nodeHistoryFs.readFile(path);
      },
    };
    const { store } = storeOn(historyDir, { fs });
    const notices: HistoryNotice[] = [];
    expect(await recoverHeldQuestions(store, historyDir, inboxFileName('run-2'), (n) => notices.push(n))).toEqual([]);
    expect(notices.map((n) => [n.level, n.code, n.conversationId, n.details?.errno])).toEqual([
      ['error', 'history_unreadable', 'conv-1', 'EIO'],
    ]);
    expect(notices[0]?.message).toContain('kept and tried again at the next start');
    expect(readHeldQuestions(deadFile).map((h) => h.record.question.id)).toEqual(['q1']);
    await store.close();
    // Once it reads again, the question goes in beside what the conversation had.
    const { store: after } = storeOn(historyDir);
    expect(await recoverHeldQuestions(after, historyDir, inboxFileName('run-3'), () => undefined)).toEqual(['conv-1']);
    expect((await after.open('conv-1')).messages.map((m) => m.id)).toEqual(['old-q', 'q1']);
    await after.close();
  });

  it('the history service lists a recovered conversation from its first call', async () => {
    const historyDir = await tempDir();
    new QuestionInbox(join(historyDir, inboxFileName('dead-run'))).hold(record(1));
    const service = openHistory({ historyDir, emit: () => undefined, slots: NO_CONVERSATION_CACHE });
    expect((await service.list()).conversations.map((c) => [c.id, c.title])).toEqual([['conv-1', 'question 1']]);
    expect((await service.open('conv-1')).messages.map((m) => m.content)).toEqual(['question 1']);
    await service.dispose();
  });
});

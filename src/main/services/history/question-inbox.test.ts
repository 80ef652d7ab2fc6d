// The question inbox with real files: held questions survive (a torn last line
// is skipped, earlier ones kept), settled ones are forgotten, and the next
// start puts each unsettled question into its conversation.
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ChatRecord } from '../../../shared/chat/schemas';
import { HistoryStore } from './history-store';
import { inboxFileName, recoverHeldQuestions } from './inbox-recovery';
import { QuestionInbox, readHeldQuestions } from './question-inbox';

const record = (n: number, patch: Partial<ChatRecord> = {}): ChatRecord => ({
  conversationId: `conv-${n}`,
  parentId: null,
  answerId: `a${n}`,
  question: { id: `q${n}`, content: `question ${n}` },
  create: { systemPrompt: 'be brief' },
  ...patch,
});

describe('question inbox', () => {
  it('holds questions, forgets settled ones, and removes the file once nothing is held', async () => {
    const file = join(await mkdtemp(join(tmpdir(), 'eva-inbox-')), 'history', inboxFileName('run'));
    const inbox = new QuestionInbox(file);
    expect(inbox.hold(record(1))).toBe('q1');
    expect(inbox.hold(record(2))).toBe('q2');
    expect(inbox.hold({ ...record(3), question: undefined })).toBeNull();
    inbox.settle('q1');
    expect(readHeldQuestions(file).map((h) => h.record.question.id)).toEqual(['q2']);
    inbox.settle('q2');
    expect(existsSync(file)).toBe(false);
  });

  it('skips a torn last line (killed mid-write) and foreign lines, keeping every earlier question', async () => {
    const file = join(await mkdtemp(join(tmpdir(), 'eva-inbox-')), inboxFileName('run'));
    const inbox = new QuestionInbox(file);
    inbox.hold(record(1));
    inbox.hold(record(2));
    const whole = readFileSync(file, 'utf8');
    appendFileSync(file, `{"hold":{"at":1,"record":{"conversationId":"conv-9","par`);
    appendFileSync(file, '\nnot json\n{"hold":{"record":{"conversationId":"../etc"}}}\n');
    expect(whole.split('\n').filter(Boolean)).toHaveLength(2);
    expect(readHeldQuestions(file).map((h) => h.record.question.id)).toEqual(['q1', 'q2']);
  });

  it('the next start puts each held question into its conversation, created with the same id when it did not exist', async () => {
    const historyDir = await mkdtemp(join(tmpdir(), 'eva-inbox-'));
    const store = new HistoryStore({ historyDir });
    // conv-2 exists and already has an answer; its new question followed that answer.
    await store.create({}, 'conv-2');
    await store.appendMessage('conv-2', { id: 'old-q', parentId: null, role: 'user', content: 'earlier' });
    await store.appendMessage('conv-2', { id: 'old-a', parentId: 'old-q', role: 'assistant', content: 'earlier answer' });
    // conv-3 already got its question saved before the crash: not added twice.
    await store.create({}, 'conv-3');
    await store.appendMessage('conv-3', { id: 'q3', parentId: null, role: 'user', content: 'question 3' });
    const dead = new QuestionInbox(join(historyDir, inboxFileName('dead-run')));
    dead.hold(record(1));
    dead.hold(record(2, { parentId: 'old-a', create: undefined }));
    dead.hold(record(3, { create: undefined }));
    dead.hold(record(4, { parentId: 'lost-answer', create: undefined }));
    const own = new QuestionInbox(join(historyDir, inboxFileName('this-run')));
    own.hold(record(5));

    const restored = await recoverHeldQuestions(store, historyDir, inboxFileName('this-run'));
    expect(restored.sort()).toEqual(['conv-1', 'conv-2', 'conv-4']);
    const one = await store.open('conv-1');
    expect(one.meta.systemPrompt).toBe('be brief');
    expect(one.messages.map((m) => [m.id, m.role, m.content])).toEqual([['q1', 'user', 'question 1']]);
    expect((await store.open('conv-2')).messages.find((m) => m.id === 'q2')?.parentId).toBe('old-a');
    expect((await store.open('conv-3')).messages.map((m) => m.id)).toEqual(['q3']);
    // Its parent was lost in the same crash: the question starts a branch of its own.
    expect((await store.open('conv-4')).messages.map((m) => [m.id, m.parentId])).toEqual([['q4', null]]);
    // The dead run's inbox is gone; this run's own is left alone.
    expect(existsSync(join(historyDir, inboxFileName('dead-run')))).toBe(false);
    expect(readHeldQuestions(join(historyDir, inboxFileName('this-run'))).map((h) => h.record.question.id)).toEqual(['q5']);
    await store.close();
  });
});

// The question inbox with real files: held questions survive (a torn line is
// skipped, every other one kept), settled ones are forgotten and the file goes
// once nothing is held, and a chat holds its question before the request goes out.
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ChatSendInput } from '@shared/chat/schemas';
import { initialStreamingMessage } from '@shared/chat/stream-reducer';
import type { ChatResult } from '@shared/contract';
import { createChatRecorder, recordSend } from './chat-recorder';
import { inboxFileName } from './inbox-recovery';
import { QuestionInbox, readHeldQuestions } from './question-inbox';
import { heldRecord } from '@test-support/history/held-record';
import { storeOn, tempDir } from '@test-support/history/helpers';

const heldIds = (file: string): string[] => readHeldQuestions(file).map((held) => held.record.question.id);

describe('question inbox', () => {
  it('holds questions, forgets settled ones, and removes the file once nothing is held', async () => {
    const file = join(await tempDir(), 'history', inboxFileName('run'));
    const inbox = new QuestionInbox(file, { now: () => 42 });
    expect(inbox.hold(heldRecord(1))).toBe('q1');
    expect(inbox.hold(heldRecord(2))).toBe('q2');
    expect(inbox.hold(heldRecord(3))).toBe('q3');
    expect(inbox.hold({ ...heldRecord(4), question: undefined })).toBeNull();
    inbox.settle('q2');
    inbox.settle('not-held');
    expect(readHeldQuestions(file)).toEqual([
      { at: 42, record: heldRecord(1) },
      { at: 42, record: heldRecord(3) },
    ]);
    inbox.settle('q1');
    expect(heldIds(file)).toEqual(['q3']);
    inbox.settle('q3');
    expect(existsSync(file)).toBe(false);
    // A later question starts the file again.
    inbox.hold(heldRecord(5));
    expect(heldIds(file)).toEqual(['q5']);
  });

  it('skips a torn last line (killed mid-write) and foreign lines, keeping every earlier question', async () => {
    const file = join(await tempDir(), inboxFileName('run'));
    const inbox = new QuestionInbox(file);
    inbox.hold(heldRecord(1));
    inbox.hold(heldRecord(2));
    appendFileSync(file, 'null\n3\nnot json\n{"hold":{"record":{"conversationId":"../etc"}}}\n{"done":7}\n');
    appendFileSync(file, '{"hold":{"at":1,"record":{"conversationId":"conv-9","par');
    expect(heldIds(file)).toEqual(['q1', 'q2']);
    expect(readHeldQuestions(join(file, 'missing'))).toEqual([]);
  });

  it('after an append that failed part-way (a full disk), the next question starts on a line of its own', async () => {
    const file = join(await tempDir(), inboxFileName('run'));
    let fullDisk = false;
    const inbox = new QuestionInbox(file, {
      appendFile: (path, data) => {
        if (!fullDisk) return appendFileSync(path, data);
        appendFileSync(path, data.slice(0, 20));
        throw Object.assign(new Error('ENOSPC: simulated'), { code: 'ENOSPC' });
      },
    });
    inbox.hold(heldRecord(1));
    fullDisk = true;
    expect(inbox.hold(heldRecord(2))).toBeNull();
    fullDisk = false;
    expect(inbox.hold(heldRecord(3))).toBe('q3');
    inbox.settle('q1');
    expect(readFileSync(file, 'utf8').split('\n').filter(Boolean)).toHaveLength(4);
    expect(heldIds(file)).toEqual(['q3']);
  });

  it('a chat holds its question before the request goes out, and settles it once the conversation has it', async () => {
    const dir = await tempDir();
    const { store } = storeOn(dir);
    const inbox = new QuestionInbox(join(dir, inboxFileName('run')));
    const recorder = createChatRecorder({
      history: store,
      inbox,
      onSaveFailed: () => undefined,
      onChanged: () => undefined,
    });
    const record = heldRecord(1);
    const input: ChatSendInput = {
      mode: 'chat',
      requestId: 'r1',
      endpoint: { kind: 'local' },
      systemPrompt: '',
      messages: [{ role: 'user', content: 'question 1' }],
      sampling: {},
      idSlot: null,
      record,
    };
    let heldAtSend: string[] = [];
    const { internal: _internal, ...message } = initialStreamingMessage();
    const result: ChatResult = { ...message, content: 'an answer', status: 'done', requestId: 'r1', elapsedMs: 1 };
    const recording = recordSend(recorder, input);
    // What the inbox holds when the request goes out, right after the recording started.
    heldAtSend = heldIds(inbox.file);
    await recording?.finish(result);
    expect(heldAtSend).toEqual(['q1']);
    expect((await store.open('conv-1')).messages.map((m) => [m.id, m.role])).toEqual([
      ['q1', 'user'],
      ['a1', 'assistant'],
    ]);
    expect(existsSync(inbox.file)).toBe(false);
    await store.close();
  });
});

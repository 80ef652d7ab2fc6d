import { appendFile } from 'node:fs/promises';
import { describe, expect, it, vi } from 'vitest';
import type { ChatRecord, ChatSendInput } from '@shared/chat/schemas';
import { initialStreamingMessage } from '@shared/chat/stream-reducer';
import type { ChatResult } from '@shared/contract';
import type { KnowledgeHit } from '@shared/knowledge/knowledge-types';
import { answerPatch, createChatRecorder, recordSend } from './chat-recorder';
import { conversationPaths } from './conversation-layout';
import { heldRecord } from '@test-support/history/held-record';
import { storeOn, tempDir } from '@test-support/history/helpers';

describe('answerPatch', () => {
  it("keeps the figures an answer came with: the server's timings, or a hosted API's usage", () => {
    const base = { content: 'hi', reasoning: '', toolCalls: [] };
    expect(
      answerPatch({ ...base, timings: null, usage: { prompt_tokens: 5, completion_tokens: 7, total_tokens: 12 } }),
    ).toEqual({ content: 'hi', usage: { prompt_tokens: 5, completion_tokens: 7, total_tokens: 12 } });
    expect(answerPatch({ ...base, timings: { predicted_n: 3 } as never, usage: null })).toEqual({
      content: 'hi',
      timings: { predicted_n: 3 },
    });
  });
});

describe('recordSend with the answer’s citations', () => {
  const hit: KnowledgeHit = {
    id: 'p1',
    baseId: 'kb1',
    text: 'The tapir sleeps by the river.',
    source: { fileId: 'f1', path: '/docs/animals.md', page: null, lineStart: 3, lineEnd: 4 },
    score: 0.0328,
    similarity: 0.81,
    bm25: null,
  };

  it('saves the passages a knowledge-augmented prompt was given with the answer, from its first save, and reads them back from disk', async () => {
    const dir = await tempDir();
    const { store } = storeOn(dir);
    const recorder = createChatRecorder({ history: store, onSaveFailed: () => undefined, onChanged: () => undefined });
    const input: ChatSendInput = {
      mode: 'chat',
      requestId: 'r1',
      endpoint: { kind: 'local' },
      systemPrompt: '',
      messages: [{ role: 'user', content: 'question 1' }],
      sampling: {},
      idSlot: null,
      record: heldRecord(1),
    };
    const { internal: _internal, ...message } = initialStreamingMessage();
    const result: ChatResult = {
      ...message,
      content: 'It sleeps by the river [1].',
      status: 'done',
      requestId: 'r1',
      elapsedMs: 1,
    };
    // As the chat area does it: the recording is started, then fed the stream's state, then the result.
    const recording = recordSend(recorder, input, { citations: [hit] });
    recording?.observe({ ...initialStreamingMessage(), content: 'It sleeps' });
    // The answer is open (partial) while the stream runs: the citations are already with it.
    await vi.waitFor(
      async () =>
        expect((await store.open('conv-1')).messages.find((m) => m.id === 'a1')).toMatchObject({
          status: 'partial',
          citations: [hit],
        }),
      { timeout: 10_000 },
    );
    await recording?.finish(result);
    await store.close();

    // A store opened afresh reads the saved line through the schema: the citation survives it.
    const reopened = storeOn(dir).store;
    const answer = (await reopened.open('conv-1')).messages.find((m) => m.id === 'a1');
    expect(answer).toMatchObject({
      role: 'assistant',
      status: 'complete',
      content: 'It sleeps by the river [1].',
      citations: [hit],
    });
    // A question saved without any keeps no empty list.
    expect((await reopened.open('conv-1')).messages.find((m) => m.id === 'q1')).not.toHaveProperty('citations');
    await reopened.close();
  });
});

describe('recordSend: who wrote each answer', () => {
  const linkAuthor = { kind: 'link' as const, model: 'gpt-4o-2024-08-06', linkId: 'work', linkName: 'Work API' };
  const localAuthor = { kind: 'local' as const, model: 'tiny-llama.gguf' };

  it("saves each answer's endpoint and model, names a new link conversation's model, reads both back from disk, and still reads a file from before", async () => {
    const dir = await tempDir();
    const { store } = storeOn(dir);
    const recorder = createChatRecorder({ history: store, onSaveFailed: () => undefined, onChanged: () => undefined });
    const { internal: _internal, ...empty } = initialStreamingMessage();
    const answer = async (record: ChatRecord, author: ChatResult['author']) => {
      const input: ChatSendInput = {
        mode: 'chat',
        requestId: `r-${record.answerId}`,
        endpoint: author?.kind === 'link' ? { kind: 'link', linkId: 'work' } : { kind: 'local' },
        systemPrompt: '',
        messages: [{ role: 'user', content: 'q' }],
        sampling: {},
        idSlot: null,
        record,
      };
      const recording = recordSend(recorder, input);
      // While it streams the answer names the model asked for; the server's own name comes with its last chunk.
      recording?.observe({
        ...initialStreamingMessage(),
        content: 'It',
        ...(author ? { author: { ...author, model: 'asked' } } : {}),
      });
      await recording?.finish({
        ...empty,
        content: `by ${author?.model}`,
        status: 'done',
        author,
        requestId: input.requestId,
        elapsedMs: 1,
      });
    };
    await answer(
      heldRecord(1, { create: { endpoint: { kind: 'link', baseUrl: '', model: '', linkId: 'work' } } }),
      linkAuthor,
    );
    await answer(
      { conversationId: 'conv-1', parentId: 'a1', answerId: 'a2', question: { id: 'q2', content: 'again' } },
      localAuthor,
    );
    await store.close();
    // A line written before answers named their author, as such a file holds it.
    const before = {
      id: 'a0',
      parentId: null,
      role: 'assistant',
      content: 'older',
      status: 'complete',
      createdAt: 1,
      updatedAt: 1,
    };
    await appendFile(conversationPaths(dir, 'conv-1').log, `${JSON.stringify(before)}\n`);

    const reopened = storeOn(dir);
    const opened = await reopened.store.open('conv-1');
    const saved = (id: string) => opened.messages.find((message) => message.id === id);
    expect(saved('a1')).toMatchObject({ content: 'by gpt-4o-2024-08-06', author: linkAuthor });
    expect(saved('a2')).toMatchObject({ content: 'by tiny-llama.gguf', author: localAuthor });
    expect(saved('q2')).not.toHaveProperty('author');
    expect(saved('a0')).toMatchObject({ content: 'older', status: 'complete' });
    expect(saved('a0')).not.toHaveProperty('author');
    expect(reopened.notices.filter((notice) => notice.code === 'history_recovered')).toEqual([]);
    // The conversation was created before any model answered; its first answer named the link's model.
    expect(opened.meta.endpoint).toEqual({ kind: 'link', baseUrl: '', model: 'gpt-4o-2024-08-06', linkId: 'work' });
  });
});

describe('the settings an answer leaves (its cache slot)', () => {
  const resultWith = (slotId: number | null): ChatResult => {
    const { internal: _internal, ...message } = initialStreamingMessage();
    return { ...message, content: 'ok', status: 'done', requestId: 'r', elapsedMs: 1, slotId };
  };

  it('a failed save of them is said, and the next answer saves them again', async () => {
    const dir = await tempDir();
    const { store } = storeOn(dir);
    const failed: Array<[string, string]> = [];
    const recorder = createChatRecorder({
      history: store,
      onSaveFailed: () => undefined,
      onMetaFailed: (id, message) => failed.push([id, message]),
      onChanged: () => undefined,
    });
    vi.spyOn(store, 'updateMeta').mockRejectedValueOnce(new Error('ENOSPC: no space left on device'));
    const first = await recorder.begin(heldRecord(1));
    await first?.finish(resultWith(3));
    expect(failed).toEqual([['conv-1', 'ENOSPC: no space left on device']]);
    expect((await store.open('conv-1')).meta.slotId ?? null).toBeNull();

    const second = await recorder.begin(
      heldRecord(1, { create: undefined, parentId: 'a1', answerId: 'a2', question: { id: 'q2', content: 'again' } }),
    );
    await second?.finish(resultWith(null));
    expect((await store.open('conv-1')).meta.slotId).toBe(3);
    expect(failed).toHaveLength(1);
  });
});

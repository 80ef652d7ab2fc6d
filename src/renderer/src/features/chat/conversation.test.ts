import { describe, expect, it } from 'vitest';
import { initialStreamingMessage } from '@shared/chat/stream-reducer';
import type { ChatResult } from '@shared/contract';
import { EMPTY_COUNTER } from './chat-stats';
import {
  answerFromResult,
  contentText,
  endpointKey,
  failedAnswer,
  itemsBefore,
  newAnswerItem,
  settleAnswer,
  streamingAnswer,
  toChatMessages,
  type AnswerItem,
  type ChatItem,
} from './conversation';

const user = (id: string, content: string = id): ChatItem => ({ kind: 'user', id, parentId: null, content });
const answer = (id: string, content: string, status: AnswerItem['answer']['status'] = 'done'): AnswerItem => ({
  ...newAnswerItem(id, null, `r-${id}`, 0, null),
  answer: { ...streamingAnswer(), content, status },
});

describe('toChatMessages', () => {
  it('sends roles and content only', () => {
    const item = answer('a', 'Hello');
    item.answer.reasoning = 'secret thoughts';
    expect(toChatMessages([user('q'), item])).toEqual([
      { role: 'user', content: 'q' },
      { role: 'assistant', content: 'Hello' },
    ]);
  });

  it('leaves out answers without text and merges the user turns that then touch', () => {
    const failed = answer('a', '', 'error');
    expect(toChatMessages([user('one'), failed, user('two')])).toEqual([{ role: 'user', content: 'one\n\ntwo' }]);
  });

  it('merges part lists with strings', () => {
    const image = { type: 'image_url' as const, image_url: { url: 'data:image/png;base64,AA' } };
    const items: ChatItem[] = [
      { kind: 'user', id: '1', parentId: null, content: [image] },
      { kind: 'user', id: '2', parentId: '1', content: 'what is it?' },
    ];
    expect(toChatMessages(items)).toEqual([{ role: 'user', content: [image, { type: 'text', text: 'what is it?' }] }]);
  });

  it('keeps a stopped partial answer', () => {
    expect(toChatMessages([user('q'), answer('a', 'half', 'stopped')]).at(-1)).toEqual({
      role: 'assistant',
      content: 'half',
    });
  });
});

describe('answers', () => {
  const result = (patch: Partial<ChatResult>): ChatResult => {
    const { internal: _internal, ...rest } = initialStreamingMessage();
    return { ...rest, requestId: 'r', elapsedMs: 1, ...patch };
  };

  it('takes the final result, without the request id', () => {
    const final = result({ content: 'x', status: 'done', elapsedMs: 5 });
    expect(answerFromResult(final)).toEqual({ ...streamingAnswer(), content: 'x', status: 'done', elapsedMs: 5 });
  });

  it('treats a result still marked streaming as done', () => {
    expect(answerFromResult(result({})).status).toBe('done');
  });

  it('keeps the partial text of a call that failed as a whole', () => {
    const failed = failedAnswer(
      { ...streamingAnswer(), content: 'partial' },
      { code: 'internal', message: 'connection lost' },
    );
    expect(failed).toMatchObject({ content: 'partial', status: 'error', error: { message: 'connection lost' } });
  });

  it('settles one answer and keeps every other item as the same object', () => {
    const items = [user('q'), answer('a', '', 'streaming')];
    const settled = settleAnswer(
      items,
      'r-a',
      { ...streamingAnswer(), content: 'done', status: 'done' },
      EMPTY_COUNTER,
    );
    expect(settled[0]).toBe(items[0]);
    expect((settled[1] as AnswerItem).answer.content).toBe('done');
    expect(settleAnswer(items, 'unknown', streamingAnswer(), EMPTY_COUNTER)).toBe(items);
  });

  it('cuts the list before an item', () => {
    const items = [user('1'), answer('2', 'a'), user('3'), answer('4', 'b')];
    expect(itemsBefore(items, '3').map((item) => item.id)).toEqual(['1', '2']);
  });
});

describe('helpers', () => {
  it('reads the text parts of content', () => {
    expect(
      contentText([
        { type: 'text', text: 'a' },
        { type: 'image_url', image_url: { url: 'u' } },
        { type: 'text', text: 'b' },
      ]),
    ).toBe('a\n\nb');
  });

  it('names endpoints', () => {
    expect(endpointKey({ kind: 'local' })).toBe('local');
    expect(endpointKey({ kind: 'link', linkId: 'x' })).toBe('link:x');
  });
});

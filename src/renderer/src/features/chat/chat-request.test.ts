import { describe, expect, it } from 'vitest';
import { defaultSettings } from '@shared/default-settings';
import { requestSampling, sendRequest } from './chat-request';
import { newAnswerItem, streamingAnswer, type ChatItem } from './conversation';

const chat = () => defaultSettings().chat;
/** n turns of a ~100-token question and a ~100-token answer */
const history = (n: number): ChatItem[] =>
  Array.from({ length: n }, (_, i): ChatItem[] => [
    { kind: 'user', id: `u${i}`, parentId: null, content: 'x'.repeat(350) },
    {
      ...newAnswerItem(`a${i}`, null, `r${i}`, 0, null),
      answer: { ...streamingAnswer(), status: 'done', content: 'y'.repeat(350) },
    },
  ]).flat();

describe('requestSampling', () => {
  it('merges the extra stop words into stop, once each', () => {
    expect(requestSampling({ sampling: { temperature: 1, stop: ['</s>'] }, stopWords: ['User:', '</s>', ''] })).toEqual(
      { temperature: 1, stop: ['</s>', 'User:'] },
    );
  });

  it('sends no stop field when there are none', () => {
    expect(requestSampling({ sampling: { temperature: 1, stop: [] }, stopWords: [] })).toEqual({ temperature: 1 });
  });
});

describe('sendRequest', () => {
  it('builds the chat input from the settings, with how the core fits it', () => {
    const settings = chat();
    const request = sendRequest({
      requestId: 'r1',
      history: [{ kind: 'user', id: 'u', parentId: null, content: 'hi' }],
      chat: settings,
      nCtx: null,
      slot: null,
      policy: 'trim-oldest',
    });
    expect(request).toEqual({
      mode: 'chat',
      requestId: 'r1',
      endpoint: { kind: 'local' },
      systemPrompt: settings.systemPrompt,
      messages: [{ role: 'user', content: 'hi' }],
      sampling: settings.sampling,
      idSlot: null,
      fit: { nCtx: null, policy: 'trim-oldest' },
    });
  });

  it('sends the remembered slot back only to the same endpoint', () => {
    const user: ChatItem[] = [{ kind: 'user', id: 'u', parentId: null, content: 'hi' }];
    const slot = { endpointKey: 'local', slotId: 3 };
    expect(sendRequest({ requestId: 'r', history: user, chat: chat(), nCtx: null, slot, policy: 'stop' }).idSlot).toBe(
      3,
    );
    const linked = { ...chat(), endpoint: { kind: 'link' as const, linkId: 'L' } };
    expect(
      sendRequest({ requestId: 'r', history: user, chat: linked, nCtx: null, slot, policy: 'stop' }).idSlot,
    ).toBeNull();
  });

  it('carries the whole conversation: the core leaves out what does not fit', () => {
    const settings = { ...chat(), sampling: { max_tokens: 512 } };
    const items = [...history(20), { kind: 'user' as const, id: 'last', parentId: null, content: 'and now?' }];
    const request = sendRequest({
      requestId: 'r',
      history: items,
      chat: settings,
      nCtx: 2048,
      slot: null,
      policy: 'rolling-window',
    });
    expect(request.messages).toHaveLength(41);
    expect(request.fit).toEqual({ nCtx: 2048, policy: 'rolling-window' });
  });
});

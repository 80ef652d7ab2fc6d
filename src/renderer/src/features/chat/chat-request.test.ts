import { describe, expect, it } from 'vitest';
import { defaultSettings } from '@shared/default-settings';
import { planChatRequest, requestSampling } from './chat-request';
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

describe('planChatRequest', () => {
  it('builds the chat input from the settings', () => {
    const settings = chat();
    const plan = planChatRequest({
      requestId: 'r1',
      history: [{ kind: 'user', id: 'u', parentId: null, content: 'hi' }],
      chat: settings,
      nCtx: null,
      slot: null,
    });
    expect(plan).toEqual({
      input: {
        mode: 'chat',
        requestId: 'r1',
        endpoint: { kind: 'local' },
        systemPrompt: settings.systemPrompt,
        messages: [{ role: 'user', content: 'hi' }],
        sampling: settings.sampling,
        idSlot: null,
      },
      dropped: 0,
    });
  });

  it('sends the remembered slot back only to the same endpoint', () => {
    const user: ChatItem[] = [{ kind: 'user', id: 'u', parentId: null, content: 'hi' }];
    expect(
      planChatRequest({
        requestId: 'r',
        history: user,
        chat: chat(),
        nCtx: null,
        slot: { endpointKey: 'local', slotId: 3 },
      }).input.idSlot,
    ).toBe(3);
    const linked = { ...chat(), endpoint: { kind: 'link' as const, linkId: 'L' } };
    expect(
      planChatRequest({
        requestId: 'r',
        history: user,
        chat: linked,
        nCtx: null,
        slot: { endpointKey: 'local', slotId: 3 },
      }).input.idSlot,
    ).toBeNull();
  });

  it('leaves out old messages to fit n_ctx and says how many', () => {
    // 20 turns of ~208 tokens into 2048 - 512 reserved: 7 turns fit beside the system prompt
    const settings = { ...chat(), sampling: { max_tokens: 512 } };
    const items = [...history(20), { kind: 'user' as const, id: 'last', parentId: null, content: 'and now?' }];
    const plan = planChatRequest({ requestId: 'r', history: items, chat: settings, nCtx: 2048, slot: null });
    expect(plan.dropped % 2).toBe(0);
    expect(plan.input.messages.length + plan.dropped).toBe(41);
    expect(plan.input.messages.length).toBe(15);
    expect(plan.input.messages[0]?.role).toBe('user');
    expect(plan.input.messages.at(-1)).toEqual({ role: 'user', content: 'and now?' });
  });
});

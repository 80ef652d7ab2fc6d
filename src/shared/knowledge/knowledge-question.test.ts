import { describe, expect, it } from 'vitest';
import type { ChatSendInput } from '../chat/schemas';
import { knowledgeQuestion } from './knowledge-question';

const on = { knowledge: { useInChat: true } };
const chat = (messages: Extract<ChatSendInput, { mode: 'chat' }>['messages']): ChatSendInput => ({
  requestId: 'r',
  endpoint: { kind: 'local' },
  sampling: {},
  idSlot: null,
  mode: 'chat',
  systemPrompt: '',
  messages,
});

describe('knowledgeQuestion', () => {
  it("asks with a plain chat's last user message, its parts' texts joined", () => {
    const input = chat([
      { role: 'user', content: 'first' },
      { role: 'assistant', content: 'answer' },
      {
        role: 'user',
        content: [
          { type: 'text', text: ' where is' },
          { type: 'image_url', image_url: { url: 'data:image/png;base64,AA' } },
          { type: 'text', text: 'the tapir? ' },
        ],
      },
    ]);
    expect(knowledgeQuestion(input, on)).toBe('where is  the tapir?');
  });

  it('asks nothing with the toggle off, for a completion, or for a blank question', () => {
    const input = chat([{ role: 'user', content: 'tapir' }]);
    expect(knowledgeQuestion(input, { knowledge: { useInChat: false } })).toBeNull();
    expect(knowledgeQuestion({ ...chat([]), mode: 'completion', prompt: 'tapir' } as ChatSendInput, on)).toBeNull();
    expect(knowledgeQuestion(chat([{ role: 'user', content: '  ' }]), on)).toBeNull();
    expect(knowledgeQuestion(chat([{ role: 'assistant', content: 'tapir' }]), on)).toBeNull();
  });
});

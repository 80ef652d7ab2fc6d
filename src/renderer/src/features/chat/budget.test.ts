import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '@shared/chat/types';
import { answerReserve, estimateMessageTokens, trimToBudget } from './budget';

// Every message costs exactly 100 tokens, so the arithmetic is easy to follow.
const flat = () => 100;
const msg = (role: ChatMessage['role'], content: string): ChatMessage => ({ role, content });
const conversation: ChatMessage[] = [
  msg('system', 'sys'),
  msg('user', 'u1'),
  msg('assistant', 'a1'),
  msg('user', 'u2'),
  msg('assistant', 'a2'),
  msg('user', 'u3'),
];

describe('trimToBudget', () => {
  it('keeps everything that fits', () => {
    expect(trimToBudget(conversation, { nCtx: 1200, maxTokens: 600, estimateTokens: flat })).toEqual({ messages: conversation, dropped: 0 });
  });

  it('drops whole turns, oldest first', () => {
    // budget 1000 - 500 = 500: six messages (600) must lose one turn (two messages)
    const trimmed = trimToBudget(conversation, { nCtx: 1000, maxTokens: 500, estimateTokens: flat });
    expect(trimmed.messages.map((m) => m.content)).toEqual(['sys', 'u2', 'a2', 'u3']);
    expect(trimmed.dropped).toBe(2);
  });

  it('never drops the system prompt or the last user turn, even when they alone do not fit', () => {
    const trimmed = trimToBudget(conversation, { nCtx: 100, maxTokens: 50, estimateTokens: flat });
    expect(trimmed.messages.map((m) => m.content)).toEqual(['sys', 'u3']);
    expect(trimmed.dropped).toBe(4);
  });

  it('keeps answers and tool results that follow the last user message', () => {
    const withTool = [...conversation, msg('assistant', 'calls a tool'), msg('tool', 'result')];
    const trimmed = trimToBudget(withTool, { nCtx: 100, maxTokens: 0, estimateTokens: flat });
    expect(trimmed.messages.map((m) => m.content)).toEqual(['sys', 'u3', 'calls a tool', 'result']);
  });

  it('does nothing without a known context size', () => {
    expect(trimToBudget(conversation, { nCtx: 0, maxTokens: 10, estimateTokens: flat }).dropped).toBe(0);
  });

  it('estimates about 3.5 characters a token, plus media', () => {
    expect(estimateMessageTokens(msg('user', 'a'.repeat(35)))).toBe(14);
    const withImage: ChatMessage = { role: 'user', content: [{ type: 'text', text: 'a'.repeat(7) }, { type: 'image_url', image_url: { url: 'data:' } }] };
    expect(estimateMessageTokens(withImage)).toBeGreaterThan(500);
  });
});

describe('answerReserve', () => {
  it('holds back max_tokens, but never more than half the context', () => {
    expect(answerReserve(8192, 1000)).toBe(1000);
    expect(answerReserve(4096, 4096)).toBe(2048);
  });

  it('holds back a quarter when the answer may run until done', () => {
    expect(answerReserve(4096, -1)).toBe(1024);
    expect(answerReserve(4096, undefined)).toBe(1024);
  });
});

import { describe, expect, it } from 'vitest';
import type { ChatMessage } from './types';
import { answerReserve, droppableExchanges, estimateMessageTokens, trimToBudget } from './budget';

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
    expect(trimToBudget(conversation, { nCtx: 1200, maxTokens: 600, estimateTokens: flat })).toEqual({
      messages: conversation,
      dropped: 0,
      tokens: 600,
    });
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

  it('never trims under the stop policy', () => {
    expect(
      trimToBudget(conversation, { nCtx: 100, maxTokens: 50, estimateTokens: flat, policy: 'stop' }),
    ).toMatchObject({ dropped: 0, tokens: 600 });
  });

  it('rolling-window drops blocks of half the room counted from the start, so the cut stays put as the chat grows', () => {
    // 12 exchanges of 100 + the system prompt; budget 1000 - 400 = 600, blocks of 300 (three exchanges).
    const long: ChatMessage[] = [
      msg('system', 'sys'),
      ...Array.from({ length: 12 }, (_, i) => [msg('user', `u${i}`), msg('assistant', `a${i}`)]).flat(),
    ];
    const ask = (turns: number) => [...long.slice(0, 1 + 2 * turns), msg('user', 'now')];
    const keptFirst = (turns: number, policy: 'rolling-window' | 'trim-oldest') =>
      trimToBudget(ask(turns), { nCtx: 1000, maxTokens: 400, estimateTokens: () => 50, policy }).messages[1]?.content;
    // With 50 a message (100 an exchange): 6 exchanges + sys + question = 700 > 600.
    expect(keptFirst(6, 'trim-oldest')).toBe('u1');
    expect(keptFirst(7, 'trim-oldest')).toBe('u2');
    // The window drops u0..u2 at once, and keeps starting at u3 while the chat grows.
    expect(keptFirst(6, 'rolling-window')).toBe('u3');
    expect(keptFirst(7, 'rolling-window')).toBe('u3');
    expect(keptFirst(8, 'rolling-window')).toBe('u3');
    expect(keptFirst(9, 'rolling-window')).toBe('u6');
    for (const turns of [6, 7, 8, 9, 10]) {
      const trimmed = trimToBudget(ask(turns), {
        nCtx: 1000,
        maxTokens: 400,
        estimateTokens: () => 50,
        policy: 'rolling-window',
      });
      expect(trimmed.tokens).toBeLessThanOrEqual(600);
      expect(trimmed.messages.at(-1)?.content).toBe('now');
    }
  });

  it('finds the exchanges that may go: never a system message, never the last user turn or what follows it', () => {
    expect(droppableExchanges([...conversation, msg('assistant', 'x'), msg('tool', 'r')])).toEqual([
      [1, 3],
      [3, 5],
    ]);
    expect(droppableExchanges([msg('user', 'only')])).toEqual([]);
  });

  it('does nothing without a known context size', () => {
    expect(trimToBudget(conversation, { nCtx: 0, maxTokens: 10, estimateTokens: flat }).dropped).toBe(0);
  });

  it('estimates about 3.5 characters a token, plus media', () => {
    expect(estimateMessageTokens(msg('user', 'a'.repeat(35)))).toBe(14);
    const withImage: ChatMessage = {
      role: 'user',
      content: [
        { type: 'text', text: 'a'.repeat(7) },
        { type: 'image_url', image_url: { url: 'data:' } },
      ],
    };
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

import { describe, expect, it } from 'vitest';
import type { ChatMessage } from './types';
import { estimateMessageTokens } from './budget';
import { fitContext, surelyFitsContext, type CountPrompt } from './context-fit';

const msg = (role: ChatMessage['role'], content: string): ChatMessage => ({ role, content });
/** n exchanges of 35-character messages (14 tokens each by the estimate) and a last question */
const chatOf = (n: number): ChatMessage[] => [
  ...Array.from({ length: n }, (_, i) => [
    msg('user', `${i}`.padEnd(35, 'q')),
    msg('assistant', `${i}`.padEnd(35, 'a')),
  ]).flat(),
  msg('user', 'now?'),
];
/**
 * A tokenizer that sees `factor` times what the estimate guesses (system prompt included, as the core counts it), and
 * records each call.
 */
const tokenizer =
  (factor: number, calls: number[] = [], systemPrompt = ''): CountPrompt =>
  async (messages) => {
    calls.push(messages.length);
    return {
      tokens: Math.round(
        [msg('system', systemPrompt), ...messages].reduce((sum, m) => sum + estimateMessageTokens(m), 0) * factor,
      ),
      exact: true,
      nCtx: 1000,
    };
  };

describe('fitContext', () => {
  it('sends everything when the exact count fits, counting once', async () => {
    const calls: number[] = [];
    const fit = await fitContext({
      systemPrompt: '',
      messages: chatOf(3),
      nCtx: 1000,
      maxTokens: 100,
      policy: 'trim-oldest',
      count: tokenizer(1, calls),
    });
    expect(fit).toMatchObject({ ok: true, dropped: 0, exact: true });
    expect(calls).toEqual([7]);
  });

  it('trusts the exact count over the estimate: a prompt the estimate thinks fits is trimmed', async () => {
    // 20 exchanges ≈ 20 × 28 + 5 = 565 by the estimate, under the 900 budget; the tokenizer says twice that.
    const byEstimate = await fitContext({
      systemPrompt: '',
      messages: chatOf(20),
      nCtx: 1000,
      maxTokens: 100,
      policy: 'trim-oldest',
    });
    expect(byEstimate).toMatchObject({ ok: true, dropped: 0, exact: false });
    const exact = await fitContext({
      systemPrompt: '',
      messages: chatOf(20),
      nCtx: 1000,
      maxTokens: 100,
      policy: 'trim-oldest',
      count: tokenizer(2),
    });
    if (!exact.ok) throw new Error('refused');
    expect(exact.dropped).toBeGreaterThan(0);
    expect(exact.dropped % 2).toBe(0);
    expect(exact.tokens).toBeLessThanOrEqual(900);
    expect(exact.messages.at(-1)).toEqual(msg('user', 'now?'));
  });

  it('refuses under the stop policy, with the numbers', async () => {
    const fit = await fitContext({
      systemPrompt: 'sys',
      messages: chatOf(20),
      nCtx: 1000,
      maxTokens: 100,
      policy: 'stop',
      count: tokenizer(2),
    });
    expect(fit).toEqual({
      ok: false,
      refusal: { reason: 'stop', tokens: expect.any(Number), budget: 900, nCtx: 1000, exact: true },
    });
    if (!fit.ok) expect(fit.refusal.tokens).toBeGreaterThan(900);
  });

  it('refuses when even the system prompt and the last question leave no room for an answer', async () => {
    const fit = await fitContext({
      systemPrompt: 'x'.repeat(3500),
      messages: chatOf(2),
      nCtx: 1000,
      maxTokens: 100,
      policy: 'trim-oldest',
      count: tokenizer(1, [], 'x'.repeat(3500)),
    });
    expect(fit).toMatchObject({ ok: false, refusal: { reason: 'too_long', nCtx: 1000 } });
  });

  it('sends a prompt over the answer reserve when nothing more can go but the context still holds it', async () => {
    // 3000 characters ≈ 862 tokens: over the 500 budget, under the 1000 - 64 hard limit.
    const fit = await fitContext({
      systemPrompt: 'x'.repeat(3000),
      messages: [msg('user', 'hi')],
      nCtx: 1000,
      maxTokens: 500,
      policy: 'trim-oldest',
      count: tokenizer(1, [], 'x'.repeat(3000)),
    });
    expect(fit).toMatchObject({ ok: true, dropped: 0 });
  });

  it('falls back to the estimate when the counter fails', async () => {
    const failing: CountPrompt = () => Promise.reject(new Error('down'));
    expect(
      await fitContext({
        systemPrompt: '',
        messages: chatOf(1),
        nCtx: 1000,
        maxTokens: 100,
        policy: 'stop',
        count: failing,
      }),
    ).toMatchObject({ ok: true, exact: false });
  });
});

describe('surelyFitsContext', () => {
  it('skips the exact count only for prompts under a quarter of the budget', () => {
    // budget 1000 - 100 = 900: a quarter is 225 tokens.
    expect(surelyFitsContext('', [msg('user', 'x'.repeat(700))], 1000, 100)).toBe(true);
    expect(surelyFitsContext('', [msg('user', 'x'.repeat(800))], 1000, 100)).toBe(false);
  });
});

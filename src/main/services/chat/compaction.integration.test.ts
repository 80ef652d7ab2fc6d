// Compaction against the real llama-server and the tiny model, through the core
// as the page and `eva chat` reach it (a saved link behind the grammar proxy,
// which forces the model's words and records every request): under `compact` a
// send that would not fit has the model summarise first, the summary is kept and
// sent in place of the covered turns, and a conversation grown to three times
// the context keeps answering.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage } from '@shared/chat/types';
import type { SendPlan } from '@shared/chat/send-plan';
import { SUMMARY_HEADING, SUMMARY_INSTRUCTION } from '@shared/chat/summary-prompt';
import { startProxiedCore, type ProxiedCore } from '@test-support/proxied-core';

/** Every reply, answers and summaries alike: the tiny model's own words are noise. */
const REPLY = 'Noted: tram at nine, budget 1200 EUR.';
const FILLER = 'The tram to Belem leaves at nine and the budget is twelve hundred euros. '.repeat(20);

let proxied: ProxiedCore;
let nCtx = 0;

beforeAll(async () => {
  proxied = await startProxiedCore([REPLY]);
  const props = await proxied.core.handlers['chat:props']({ endpoint: { kind: 'link', linkId: proxied.linkId } });
  nCtx = props?.nCtx ?? 0;
  expect(nCtx).toBe(2048);
});

afterAll(async () => {
  await proxied?.close();
});

/** A conversation driven as `eva chat --overflow compact` drives it: the path so far and its saved ids. */
function conversation() {
  const endpoint = { kind: 'link' as const, linkId: proxied.linkId };
  const state = { id: null as string | null, messages: [] as ChatMessage[], ids: [] as string[], turns: 0 };
  const fit = () => ({
    nCtx,
    policy: 'compact' as const,
    ...(state.id !== null ? { saved: { conversationId: state.id, ids: state.ids } } : {}),
  });
  return {
    state,
    endpoint,
    async ask(text: string) {
      const turn = ++state.turns;
      const conversationId = state.id ?? `compaction-${Date.now().toString(36)}`;
      const question = { id: `q${turn}`, content: text };
      const messages: ChatMessage[] = [...state.messages, { role: 'user', content: text }];
      const input = {
        mode: 'chat' as const,
        requestId: `r${turn}-${conversationId}`,
        endpoint,
        systemPrompt: 'You are a test.',
        messages,
        sampling: { max_tokens: 32, seed: 1 },
        idSlot: null,
        fit: fit(),
      };
      const plan = (await proxied.core.handlers['chat:plan'](input)) as SendPlan;
      const record = {
        conversationId,
        parentId: state.ids.at(-1) ?? null,
        answerId: `a${turn}`,
        question,
        ...(state.id === null ? { create: { systemPrompt: 'You are a test.' } } : {}),
      };
      const result = await proxied.core.handlers['chat:send']({ ...input, record });
      expect(result.status, result.error?.message).toBe('done');
      state.id = conversationId;
      state.messages = [...messages, { role: 'assistant', content: result.content }];
      state.ids = [...state.ids, question.id, record.answerId];
      return { plan, result };
    },
  };
}

const chatBodies = () => proxied.proxy.received as Array<{ messages: Array<{ role: string; content: string }> }>;
const isSummaryRequest = (body: { messages: Array<{ role: string; content: string }> }) =>
  body.messages[0]?.content === SUMMARY_INSTRUCTION;

describe('compaction with the real llama-server', () => {
  it('has the model summarise, keeps the summary, and sends it in place of the covered turns', async () => {
    const chat = conversation();
    let compacted: { plan: SendPlan; before: number } | null = null;
    for (let turn = 1; compacted === null && turn <= 12; turn++) {
      const before = chatBodies().length;
      const { plan } = await chat.ask(`Q${turn}-MARK ${FILLER}`);
      if (plan.ok && plan.summary?.made) compacted = { plan, before };
    }
    if (!compacted || !compacted.plan.ok || !compacted.plan.summary) throw new Error('never compacted');
    const { summary } = compacted.plan;
    // The summary request went to the same endpoint with the fixed instruction and the covered turns.
    const asked = chatBodies().slice(compacted.before);
    const summaries = asked.filter(isSummaryRequest);
    expect(summaries.length).toBeGreaterThan(0);
    expect(summaries[0]?.messages[1]?.content).toContain('Q1-MARK');
    // It is kept in the history, covering the path up to its message.
    const opened = await proxied.core.handlers['history:open']({ id: chat.state.id! });
    expect(opened.checkpoints).toEqual([expect.objectContaining({ upToId: summary.upToId, summary: REPLY })]);
    // The answer's own request carried the summary, not the turns it covers.
    const answered = asked.filter((body) => !isSummaryRequest(body)).at(-1);
    expect(answered?.messages[0]).toEqual({
      role: 'system',
      content: `You are a test.\n\n${SUMMARY_HEADING}\n${REPLY}`,
    });
    const sent = JSON.stringify(answered?.messages.slice(1));
    expect(sent).not.toContain('Q1-MARK');
    expect(sent).toContain(`Q${chat.state.turns}-MARK`);
    // The next send finds it in the history and asks for no summary.
    const count = chatBodies().length;
    await chat.ask(`Q-NEXT-MARK ${FILLER.slice(0, 200)}`);
    const next = chatBodies().slice(count);
    expect(next.filter(isSummaryRequest)).toEqual([]);
    expect(next.at(-1)?.messages[0]?.content).toContain(SUMMARY_HEADING);
    expect(JSON.stringify(next.at(-1)?.messages)).not.toContain('Q1-MARK');
  });

  it('a conversation grown to three times the context keeps answering', async () => {
    const chat = conversation();
    let total = 0;
    while (total <= 3 * nCtx) {
      await chat.ask(`Turn ${chat.state.turns + 1}. ${FILLER}`);
      const counted = await proxied.core.handlers['chat:count-tokens']({
        endpoint: chat.endpoint,
        systemPrompt: 'You are a test.',
        messages: chat.state.messages,
      });
      expect(counted.exact).toBe(true);
      total = counted.tokens;
    }
    const opened = await proxied.core.handlers['history:open']({ id: chat.state.id! });
    expect(opened.checkpoints?.length).toBeGreaterThan(1);
    // Every answer was asked within the context: the last one with the newest summary in place.
    const last = chatBodies()
      .filter((body) => !isSummaryRequest(body))
      .at(-1);
    expect(last?.messages[0]?.content).toContain(SUMMARY_HEADING);
    expect(JSON.stringify(last?.messages)).not.toContain('Turn 1.');
  });
});

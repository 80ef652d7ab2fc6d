// The send planner under the `compact` policy, with the real history store on a
// temp dir and a counted stand-in for the model's summary (no server in the unit
// tier): a send that would not fit has its older exchanges summarised first and
// the summary sent in their place, the checkpoint is kept and used again, a
// failed summary is a notice and a trim, and the meter is told without asking.
import { describe, expect, it } from 'vitest';
import { createCompaction, type SummaryWriter } from '@shared/chat/compaction';
import { createSendPlanner, type ChatInput, type SendPlannerDeps } from '@shared/chat/send-planner';
import { SUMMARY_HEADING, SUMMARY_INSTRUCTION } from '@shared/chat/summary-prompt';
import { estimateMessageTokens } from '@shared/chat/token-estimate';
import type { ChatMessage } from '@shared/chat/types';
import type { OverflowPolicy } from '@shared/chat/overflow-policy';
import { chat } from '@test-support/history/chat-exchange';
import { storeOn, tempDir } from '@test-support/history/helpers';

const QUESTION: ChatMessage = { role: 'user', content: 'and now?' };

/** A saved conversation of `n` exchanges of ~100-token messages, as a send would carry it. */
async function conversation(n: number) {
  const { store } = storeOn(await tempDir());
  const messages: ChatMessage[] = [];
  const ids: string[] = [];
  let last = await chat(store, `q0 ${'x'.repeat(350)}`, `a0 ${'y'.repeat(350)}`);
  for (let i = 0; ; i++) {
    messages.push({ role: 'user', content: last.user.content }, { role: 'assistant', content: last.answer.content });
    ids.push(last.user.id, last.answer.id);
    if (i + 1 === n) break;
    last = await chat(store, `q${i + 1} ${'x'.repeat(350)}`, `a${i + 1} ${'y'.repeat(350)}`, last.answer.id, last.meta);
  }
  return { store, conversationId: last.meta.id, messages, ids };
}

/** The model's summary, stood in for: counted, and short unless told otherwise. */
function standIn(reply: (part: number) => string | Error = (part) => `Summary ${part}: trip, 3 May, 1200 EUR.`) {
  const asked: Parameters<SummaryWriter>[0][] = [];
  const write: SummaryWriter = async (request) => {
    asked.push(request);
    const text = reply(request.part);
    if (text instanceof Error) throw text;
    return { text, model: 'stand-in' };
  };
  return { asked, write };
}

/** The endpoint "tokenizes" at exactly the estimate's rate. */
const count: SendPlannerDeps['count'] = async (input) => ({
  tokens: [{ role: 'system' as const, content: input.systemPrompt }, ...input.messages].reduce(
    (sum, m) => sum + estimateMessageTokens(m),
    0,
  ),
  exact: true,
  nCtx: 2048,
});

async function setUp(n: number, reply?: Parameters<typeof standIn>[0]) {
  const saved = await conversation(n);
  const writer = standIn(reply);
  const compaction = createCompaction({ keeper: saved.store.checkpoints, write: writer.write });
  const planner = createSendPlanner({
    withKnowledge: async (input) => ({ input, citations: [] }),
    count,
    toolsPrompt: async () => null,
    compaction,
  });
  const send = (policy: OverflowPolicy, messages = saved.messages, ids = saved.ids, requestId = 'r1'): ChatInput => ({
    mode: 'chat',
    requestId,
    endpoint: { kind: 'local' },
    systemPrompt: 'Be kind.',
    messages: [...messages, QUESTION],
    sampling: { max_tokens: 512 },
    idSlot: null,
    fit: { nCtx: 2048, policy, saved: { conversationId: saved.conversationId, ids } },
  });
  return { ...saved, ...writer, planner, send };
}

describe('the send planner under compact', () => {
  it('has the older exchanges summarised in parts and sends the summary in their place', async () => {
    const { planner, send, asked, store, conversationId, ids } = await setUp(20);
    const taken = await planner.take(send('compact'));
    const { plan } = taken;
    if (!plan.ok) throw new Error('refused');
    // All but the last two exchanges are covered, and nothing is left out.
    expect(plan.summary).toMatchObject({ covered: 36, upToId: ids[35], made: true });
    expect(plan.dropped).toBe(0);
    expect(plan.leftOut).toEqual(Array.from({ length: 36 }, (_, i) => i));
    expect(taken.notices).toEqual([]);
    // 36 messages of ~100 tokens do not go in one request: parts, each given the summary so far.
    expect(asked.length).toBeGreaterThan(1);
    expect(asked.every((request) => request.systemPrompt === SUMMARY_INSTRUCTION)).toBe(true);
    const texts = asked.map((request) => String(request.messages[0]?.content));
    expect(texts[0]).toContain('q0 ');
    expect(texts[1]).toContain('Summary 0: trip');
    expect(texts.join('')).toContain('a17 ');
    expect(texts.join('')).not.toContain('q18 ');
    // What goes out: the summary in the system prompt, then the kept exchanges and the question.
    const last = `Summary ${asked.length - 1}: trip, 3 May, 1200 EUR.`;
    expect(taken.input.systemPrompt).toBe(`Be kind.\n\n${SUMMARY_HEADING}\n${last}`);
    expect(taken.input.messages).toHaveLength(5);
    expect(String(taken.input.messages[0]?.content)).toMatch(/^q18 /);
    expect(taken.checkpoint).toMatchObject({ upToId: ids[35], summary: last, model: 'stand-in' });
    expect((await store.open(conversationId)).checkpoints).toEqual([taken.checkpoint]);
  });

  it('the next send uses the kept summary without asking again, and a branch before it does not', async () => {
    const { planner, send, asked, messages, ids } = await setUp(20);
    await planner.take(send('compact'));
    const calls = asked.length;
    const next = await planner.take(send('trim-oldest', messages, ids, 'r2'));
    expect(asked).toHaveLength(calls);
    expect(next.plan).toMatchObject({ ok: true, dropped: 0, summary: { covered: 36, made: false } });
    expect(next.input.systemPrompt).toContain(SUMMARY_HEADING);
    // A branch that forks at the 11th exchange (its own new question) never had this summary: trimmed as asked.
    const fork = await planner.take(send('trim-oldest', messages.slice(0, 20), ids.slice(0, 20), 'r3'));
    expect(fork.plan).toMatchObject({ ok: true });
    expect(fork.plan.ok && fork.plan.summary).toBeFalsy();
    expect(fork.input.systemPrompt).toBe('Be kind.');
  });

  it('a summary that cannot be written is a notice, and the oldest are left out instead', async () => {
    const { planner, send, store, conversationId } = await setUp(20, () => new Error('the server went away'));
    const taken = await planner.take(send('compact'));
    expect(taken.plan).toMatchObject({ ok: true });
    expect(taken.plan.ok && taken.plan.dropped).toBeGreaterThan(0);
    expect(taken.notices).toEqual([
      { code: 'compaction_failed', message: expect.stringContaining('the server went away') },
    ]);
    expect((await store.open(conversationId)).checkpoints).toBeUndefined();
  });

  it('a summary too long to fit with the rest is kept, and the rest trimmed with a notice', async () => {
    const { planner, send } = await setUp(20, () => 'z'.repeat(4000));
    const taken = await planner.take(send('compact'));
    expect(taken.plan).toMatchObject({ ok: true, summary: { made: true } });
    expect(taken.plan.ok && taken.plan.dropped).toBeGreaterThan(0);
    expect(taken.notices).toEqual([{ code: 'compaction_short', message: expect.stringContaining('left out') }]);
  });

  it('a send that fits is not summarised, and the meter is told without anything being written', async () => {
    const { planner, send, asked, messages, ids } = await setUp(20);
    expect((await planner.take(send('compact', messages.slice(0, 4), ids.slice(0, 4)))).plan).toMatchObject({
      ok: true,
      dropped: 0,
    });
    const measured = await planner.plan({ ...send('compact'), measure: true });
    expect(measured).toMatchObject({ ok: true, compactDue: true, summaryTokens: 0 });
    expect(asked).toEqual([]);
  });

  it('Compact summarises now, whatever the policy, and the meter counts the summary', async () => {
    const { planner, send, asked } = await setUp(4);
    const { plan, checkpoint } = await planner.compact(send('trim-oldest'));
    expect(asked).toHaveLength(1);
    expect(plan).toMatchObject({ ok: true, summary: { made: true, checkpointId: checkpoint.id } });
    expect(plan.ok && plan.summaryTokens).toBe(
      estimateMessageTokens({ content: `${SUMMARY_HEADING}\n${checkpoint.summary}` }),
    );
    // Only the last exchanges are left: nothing more to summarise.
    const again = send('trim-oldest', [], []);
    await expect(planner.compact(again)).rejects.toMatchObject({ details: { reason: 'nothing_to_summarise' } });
  });
});

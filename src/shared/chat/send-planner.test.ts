import { describe, expect, it } from 'vitest';
import type { ChatSendInput } from './schemas';
import { createSendPlanner, fitMessages, type ChatInput, type SendPlannerDeps } from './send-planner';
import { estimateMessageTokens } from './token-estimate';
import type { ChatMessage } from './types';

const msg = (role: ChatMessage['role'], content: string): ChatMessage => ({ role, content });
/** n exchanges of ~100-token messages and a last question */
const conversation = (n: number): ChatMessage[] => [
  ...Array.from({ length: n }, () => [msg('user', 'x'.repeat(350)), msg('assistant', 'y'.repeat(350))]).flat(),
  msg('user', 'and now?'),
];
const send = (messages: ChatMessage[], fit: ChatInput['fit']): ChatInput => ({
  mode: 'chat',
  requestId: 'r1',
  endpoint: { kind: 'local' },
  systemPrompt: '',
  messages,
  sampling: { max_tokens: 512 },
  idSlot: null,
  ...(fit ? { fit } : {}),
});
/** The endpoint "tokenizes" at exactly the estimate's rate, and says how often it was asked. */
const counter = () => {
  const calls: number[] = [];
  const count: SendPlannerDeps['count'] = async (input) => {
    calls.push(input.messages.length);
    const all = [msg('system', input.systemPrompt), ...input.messages];
    return { tokens: all.reduce((sum, m) => sum + estimateMessageTokens(m), 0), exact: true, nCtx: 2048 };
  };
  return { calls, count };
};
const noKnowledge: SendPlannerDeps['withKnowledge'] = async (input) => ({ input, citations: [] });

describe('fitMessages', () => {
  it('leaves out old messages to fit n_ctx, by the estimate alone when nothing counts', async () => {
    // 20 turns of ~208 tokens into 2048 - 512 reserved: 7 turns fit.
    const fit = await fitMessages(send(conversation(20), { nCtx: 2048, policy: 'trim-oldest' }), '');
    if (!fit.ok) throw new Error('refused');
    expect(fit.dropped % 2).toBe(0);
    expect(fit.messages.length + fit.dropped).toBe(41);
    expect(fit.messages.length).toBe(15);
    expect(fit.messages[0]?.role).toBe('user');
    expect(fit.messages.at(-1)).toEqual(msg('user', 'and now?'));
  });

  it('refuses under stop, and sends all when the context is unknown or no fit is asked', async () => {
    const long = conversation(30);
    expect(await fitMessages(send(long, { nCtx: 2048, policy: 'stop' }), '')).toMatchObject({
      ok: false,
      refusal: { reason: 'stop' },
    });
    expect(await fitMessages(send(long, { nCtx: null, policy: 'stop' }), '')).toMatchObject({ ok: true, dropped: 0 });
    expect(await fitMessages(send(long, undefined), '')).toMatchObject({ ok: true, dropped: 0 });
  });
});

describe('the send planner', () => {
  it('applies the policy with the exact count and says which messages it left out', async () => {
    const { count } = counter();
    const planner = createSendPlanner({ withKnowledge: noKnowledge, count, toolsPrompt: async () => null });
    const plan = await planner.plan(send(conversation(30), { nCtx: 2048, policy: 'rolling-window' }));
    if (!plan.ok) throw new Error('refused');
    expect(plan.dropped).toBeGreaterThan(0);
    expect(plan.leftOut).toHaveLength(plan.dropped);
    expect(plan.leftOut[0]).toBe(0);
    expect(plan.exact).toBe(true);
  });

  it('a prompt far below the budget is not counted at all', async () => {
    const { calls, count } = counter();
    const planner = createSendPlanner({ withKnowledge: noKnowledge, count, toolsPrompt: async () => null });
    expect(await planner.plan(send([msg('user', 'hi')], { nCtx: 2048, policy: 'trim-oldest' }))).toMatchObject({
      ok: true,
      dropped: 0,
      tokens: null,
    });
    expect(calls).toEqual([]);
  });

  it('the send takes the plan made for it: the knowledge base is asked once, and its passages count', async () => {
    let asked = 0;
    const passage = 'p'.repeat(3500);
    const withKnowledge = async (input: ChatInput) => {
      asked++;
      const messages = input.messages.map((m, i) =>
        i === input.messages.length - 1 ? msg('user', `${passage}\n${String(m.content)}`) : m,
      );
      return { input: { ...input, messages } as ChatSendInput, citations: [] };
    };
    const { count } = counter();
    const planner = createSendPlanner({ withKnowledge, count, toolsPrompt: async () => null });
    const input = send(conversation(4), { nCtx: 2048, policy: 'trim-oldest' });
    const plan = await planner.plan(input);
    // Four exchanges fit by themselves; with the passage in the question, some of them have to go.
    expect(plan).toMatchObject({ ok: true });
    if (!plan.ok) return;
    expect(plan.dropped).toBeGreaterThan(0);
    const taken = await planner.take({ ...input, record: { conversationId: 'c', parentId: null, answerId: 'a' } });
    expect(asked).toBe(1);
    expect(taken.input.messages).toHaveLength(9 - plan.dropped);
    expect(String(taken.input.messages.at(-1)?.content)).toContain(passage);
    expect(taken.input.record?.answerId).toBe('a');
    expect('fit' in taken.input).toBe(false);
  });

  it('a failed knowledge query is a notice on the answer with its reason, not "no passages"', async () => {
    const { count } = counter();
    const planner = createSendPlanner({
      withKnowledge: async () => {
        throw new Error('the embedding server is not running');
      },
      count,
      toolsPrompt: async () => null,
    });
    const taken = await planner.take(send([msg('user', 'where does the tapir sleep?')], undefined));
    expect(taken.citations).toEqual([]);
    expect(taken.notices).toEqual([
      { code: 'knowledge_failed', message: expect.stringContaining('the embedding server is not running') },
    ]);
    expect(taken.input.messages).toEqual([msg('user', 'where does the tapir sleep?')]);
  });

  it('an agent run is fitted with its tool list, and a refusal says how much of it the tools take', async () => {
    const { count } = counter();
    const tools = 't'.repeat(7000);
    const planner = createSendPlanner({ withKnowledge: noKnowledge, count, toolsPrompt: async () => tools });
    const plan = await planner.plan({
      ...send([msg('user', 'hi')], { nCtx: 2048, policy: 'stop' }),
      agent: { enableTools: ['calculator'] },
    });
    // The tool list counted alone, as the endpoint counts a prompt (with its system message).
    const toolTokens = estimateMessageTokens(msg('system', tools));
    expect(plan).toMatchObject({ ok: false, refusal: { reason: 'stop', toolTokens } });
  });
});

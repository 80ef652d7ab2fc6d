// The controller is off by default and can be switched on for one conversation:
// a run that asks for it is offered it (and it still asks before every action);
// other runs are not. Real llama-server behind the grammar proxy.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProxiedCore, type ProxiedCore } from '@test-support/proxied-core';

const answer = `<tool_call>${JSON.stringify({ name: 'answer', arguments: { content: 'ok' } })}</tool_call>`;
let harness: ProxiedCore;

beforeAll(async () => {
  harness = await startProxiedCore([answer, answer]);
  await harness.core.handlers['settings:update']({ tools: { protocol: 'prompt' } });
});

afterAll(() => harness.close());

const run = (requestId: string, enableTools?: string[]) =>
  harness.core.handlers['agent:run']({
    requestId,
    endpoint: { kind: 'link', linkId: harness.linkId },
    systemPrompt: 'Test.',
    messages: [{ role: 'user', content: 'Click the OK button.' }],
    sampling: { max_tokens: 100 },
    idSlot: null,
    conversationAllowed: [],
    ...(enableTools ? { enableTools } : {}),
  });

/** The tools listed in the system prompt the model saw. */
function offeredIn(body: Record<string, unknown>): string {
  const messages = body.messages as Array<{ role: string; content: string }>;
  return messages.find((m) => m.role === 'system')?.content ?? '';
}

describe('tools switched on for one conversation', () => {
  it('offers the controller only to the run that asked for it', async () => {
    expect((await run('plain')).end).toBe('answered');
    expect(offeredIn(harness.proxy.received[0] ?? {})).not.toContain('"controller"');
    expect((await run('with-controller', ['controller'])).end).toBe('answered');
    expect(offeredIn(harness.proxy.received[1] ?? {})).toContain('"controller"');
  });
});

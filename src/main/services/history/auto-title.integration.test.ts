// The model names a new conversation in the background when the setting is on:
// against the real llama-server, its reply forced through the grammar proxy.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../core';
import type { GrammarProxy } from '@test-support/agent/grammar-proxy';
import { startProxiedCore, type ProxiedCore } from '@test-support/proxied-core';
import { cleanTitle } from './auto-title';

describe('cleanTitle', () => {
  it('keeps the first line without quotes, a "Title:" prefix, a final period or thinking', () => {
    expect(cleanTitle('"Trip to Mars."\nmore text')).toBe('Trip to Mars');
    expect(cleanTitle('<think>hmm</think>\n\nTitle: Budget plan')).toBe('Budget plan');
    expect(cleanTitle('标题：火星旅行。')).toBe('火星旅行');
    expect(cleanTitle('   \n  ')).toBe('');
    expect(cleanTitle('x'.repeat(200)).length).toBeLessThanOrEqual(60);
  });
});

describe('auto title through the core', () => {
  let harness: ProxiedCore;
  let proxy: GrammarProxy;
  let core: Core;
  let linkId = '';

  beforeAll(async () => {
    harness = await startProxiedCore(['Sure, here is the plan.', 'Here it is.', '"Trip to Mars."', 'Another answer.']);
    ({ core, proxy, linkId } = harness);
  });

  afterAll(() => harness.close());

  const ask = (conversationId: string, requestId: string, question: string, parentId: string | null = null) =>
    core.handlers['chat:send']({
      mode: 'chat',
      requestId,
      endpoint: { kind: 'link', linkId },
      systemPrompt: '',
      messages: [{ role: 'user', content: question }],
      sampling: { max_tokens: 40 },
      idSlot: null,
      record: {
        conversationId,
        parentId,
        answerId: `${requestId}-a`,
        question: { id: `${requestId}-q`, content: question },
      },
    });

  it('stays with the first question as title while the setting is off, then names the next conversation when on', async () => {
    const off = await core.handlers['history:create']({});
    await ask(off.id, 'r1', 'Plan a trip to Mars for me please');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await core.handlers['history:open']({ id: off.id })).meta.title).toBe('Plan a trip to Mars for me please');
    expect(proxy.received).toHaveLength(1);

    await core.handlers['settings:update']({ chat: { autoTitle: true } });
    const on = await core.handlers['history:create']({});
    await ask(on.id, 'r2', 'Plan a trip to Mars for me please');
    await expect
      .poll(async () => (await core.handlers['history:open']({ id: on.id })).meta.title, { timeout: 10_000 })
      .toBe('Trip to Mars');
    // The title request is not part of the conversation.
    expect((await core.handlers['history:open']({ id: on.id })).messages).toHaveLength(2);

    // Later turns do not rename it again.
    await ask(on.id, 'r3', 'And then?', 'r2-a');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await core.handlers['history:open']({ id: on.id })).meta.title).toBe('Trip to Mars');
  });
});

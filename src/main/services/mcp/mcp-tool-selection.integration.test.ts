// Lean prompts with the real MCP reference server: the tools part of the system
// prompt counted exactly by llama-server (through the same `chat:count-tokens`
// the composer uses), all tools against a selection; a run offers exactly the
// selected tools; the selection is kept in the conversation's meta.
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProxiedCore, type ProxiedCore } from '@test-support/proxied-core';
import { waitFor } from '@test-support/mcp/mcp-harness';

const REFERENCE_SERVER = createRequire(import.meta.url).resolve(
  '@modelcontextprotocol/server-everything/dist/index.js',
);
const answer = `<tool_call>${JSON.stringify({ name: 'answer', arguments: { content: 'ok' } })}</tool_call>`;
/** What a small model keeps: the calculator and the reference server's echo (and `answer`, never left out). */
const KEEP = ['answer', 'calculator', 'everything@echo'];

let harness: ProxiedCore;
const endpoint = () => ({ kind: 'link' as const, linkId: harness.linkId });

beforeAll(async () => {
  harness = await startProxiedCore([answer]);
  const { core } = harness;
  await core.handlers['settings:update']({ tools: { protocol: 'prompt' } });
  await core.handlers['mcp:save']({
    mcpServers: { everything: { command: process.execPath, args: [REFERENCE_SERVER, 'stdio'] } },
  });
  let ready = false;
  const poll = setInterval(
    () =>
      void core.handlers['mcp:list'](undefined).then((overview) => (ready = overview.servers[0]?.state === 'ready')),
    50,
  );
  await waitFor(() => ready, 'the reference server to be ready').finally(() => clearInterval(poll));
  // The server adds the tools that depend on the client's capabilities after `initialize`, then says its list changed.
  let last = -1;
  for (let stable = 0; stable < 4;) {
    const tools = (await core.handlers['mcp:list'](undefined)).servers[0]?.tools.length ?? 0;
    stable = tools === last ? stable + 1 : 0;
    last = tools;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}, 60_000);

afterAll(() => harness.close());

/** Everything the conversation could offer but KEEP. */
const lean = async () =>
  (await harness.core.handlers['agent:tools-prompt'](undefined)).available
    .map((tool) => tool.name)
    .filter((name) => !KEEP.includes(name));
const preview = (disableTools?: string[]) =>
  harness.core.handlers['agent:tools-prompt'](disableTools ? { disableTools } : undefined);
const count = (text: string) =>
  harness.core.handlers['chat:count-tokens']({ endpoint: endpoint(), systemPrompt: text, messages: [] });

describe('the tools part of the prompt', () => {
  it('is counted exactly by the server, all tools against a lean selection', async () => {
    const all = await preview();
    const everything = all.available.filter((tool) => tool.server === 'everything');
    expect(everything.length).toBeGreaterThanOrEqual(13);
    const onlyServer = await preview(
      all.available.filter((tool) => tool.server !== 'everything' && !tool.fixed).map((tool) => tool.name),
    );
    const kept = await preview(await lean());
    expect(kept.offered.sort()).toEqual(KEEP);

    const [allCount, serverCount, leanCount] = await Promise.all([
      count(all.text),
      count(onlyServer.text),
      count(kept.text),
    ]);
    expect(allCount.exact && serverCount.exact && leanCount.exact).toBe(true);
    // The numbers the report quotes (the tiny test model's tokenizer).
    console.info(
      `tools prompt tokens: all ${allCount.tokens} (${all.offered.length} tools), the reference server's ${everything.length} with answer ${serverCount.tokens}, lean ${leanCount.tokens} (${kept.offered.join(', ')}); n_ctx ${allCount.nCtx}; server tools: ${everything.map((tool) => tool.name).join(' ')}`,
    );
    expect(serverCount.tokens).toBeGreaterThan(1000);
    expect(leanCount.tokens).toBeLessThan(serverCount.tokens / 3);
    // Every tool at once does not even fit the test server's 2,048-token context on its own.
    expect(allCount.tokens).toBeGreaterThan(allCount.nCtx ?? Infinity);
  });
});

describe('a run with a selection', () => {
  it('offers the model exactly the selected tools', async () => {
    const { core, proxy } = harness;
    const run = await core.handlers['agent:run']({
      requestId: 'lean-run',
      endpoint: endpoint(),
      systemPrompt: 'Test.',
      messages: [{ role: 'user', content: 'Add 2 and 3.' }],
      sampling: { max_tokens: 50 },
      idSlot: null,
      conversationAllowed: [],
      disableTools: await lean(),
    });
    expect(run.end).toBe('answered');
    const system =
      ((proxy.received.at(-1)?.messages ?? []) as Array<{ role: string; content: string }>).find(
        (m) => m.role === 'system',
      )?.content ?? '';
    const offered = [...system.matchAll(/"name":"([^"]+)"/g)].map((m) => m[1]).filter((name) => name !== undefined);
    const listed = (await preview()).available.map((tool) => tool.name);
    expect(offered.filter((name) => listed.includes(name)).sort()).toEqual(KEEP);
  });
});

describe('the selection in the conversation', () => {
  it('is saved in the meta, with a new conversation or later, and cleared with null', async () => {
    const { core } = harness;
    const created = await core.handlers['history:create']({ toolSelection: { off: ['everything@*'] } });
    expect((await core.handlers['history:open']({ id: created.id })).meta.toolSelection).toEqual({
      off: ['everything@*'],
    });
    await core.handlers['history:set-tool-selection']({ id: created.id, toolSelection: { off: ['calculator'] } });
    expect((await core.handlers['history:open']({ id: created.id })).meta.toolSelection).toEqual({
      off: ['calculator'],
    });
    await core.handlers['history:set-tool-selection']({ id: created.id, toolSelection: null });
    expect((await core.handlers['history:open']({ id: created.id })).meta.toolSelection).toBeUndefined();
  });
});

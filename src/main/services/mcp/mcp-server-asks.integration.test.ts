// What an MCP server asks EVA during a tool call, through the real core, against
// two independent implementations: a server written with the Python MCP SDK
// (ctx.elicit, ctx.session.create_message) and one written with the TypeScript
// SDK (elicitInput, createMessage). A question becomes a form card whose answer
// reaches the tool (accepted with checked values, or declined); a sampling
// request becomes an approval card naming the model and the token limit, and
// once allowed the user's model (real llama-server behind the scripted proxy)
// answers it; refused, the server gets a clear error.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventPayloads } from '@shared/contract';
import type { McpStdioServer } from '@shared/mcp/mcp-config';
import type { Core } from '../../core';
import { dispatchInvoke } from '../ipc/dispatch';
import { startGrammarProxy, type GrammarProxy } from '@test-support/agent/grammar-proxy';
import { linkAgentRun } from '@test-support/agent/link-agent-run';
import { startTestServer, type TestServer } from '@test-support/llama/test-server';
import { FAST_TIMING, waitFor } from '@test-support/mcp/mcp-harness';
import { pythonAskServer, PYTHON_MCP_SETUP_TIMEOUT_MS } from '@test-support/mcp/python-mcp';
import { createTestCore } from '@test-support/test-core';

const TS_ASK_SERVER = fileURLToPath(new URL('../../../test-support/mcp/ask-test-server.ts', import.meta.url));

let llama: TestServer;
let core: Core;
const elicits: EventPayloads['agent:elicit'][] = [];
const asks: EventPayloads['agent:ask'][] = [];
const proxies: GrammarProxy[] = [];

const call = (name: string, args: Record<string, unknown> = {}) =>
  `<tool_call>${JSON.stringify({ name, arguments: args })}</tool_call>`;
const answer = (content: string) => call('answer', { content });

beforeAll(async () => {
  llama = await startTestServer();
  const dataDir = await mkdtemp(join(tmpdir(), 'eva-mcp-asks-'));
  core = await createTestCore(dataDir, {
    mcpTiming: FAST_TIMING,
  });
  core.events.attach((event, payload) => {
    if (event === 'agent:elicit') elicits.push(payload as EventPayloads['agent:elicit']);
    if (event === 'agent:ask') asks.push(payload as EventPayloads['agent:ask']);
  });
  await core.handlers['settings:update']({
    tools: { protocol: 'prompt', policies: { 'py@*': 'allow', 'ts@*': 'allow' } },
  });
}, PYTHON_MCP_SETUP_TIMEOUT_MS);

afterAll(async () => {
  await core?.dispose();
  await Promise.all(proxies.map((proxy) => proxy.close()));
  await llama?.stop();
});

function suite(server: 'py' | 'ts', config: () => McpStdioServer) {
  describe(`a server written with the ${server === 'py' ? 'Python' : 'TypeScript'} SDK`, () => {
    let linkId = '';
    const forRun = (id: string) => ({
      elicit: () => waitFor(() => elicits.find((e) => e.requestId === id), `the form card of ${id}`),
      ask: () => waitFor(() => asks.find((a) => a.requestId === id), `the sampling card of ${id}`),
    });

    beforeAll(async () => {
      const proxy = await startGrammarProxy(llama.port, [
        call(`${server}@details`),
        answer('accepted'),
        call(`${server}@details`),
        answer('declined'),
        call(`${server}@summarize`, { text: 'Cats sleep a lot and purr.' }),
        'Cats purr.',
        answer('summarized'),
        call(`${server}@summarize`, { text: 'Dogs bark.' }),
        answer('refused'),
      ]);
      proxies.push(proxy);
      const link = await core.handlers['link:save']({
        profile: { name: `proxy-${server}`, presetId: 'llama-server', baseUrl: `${proxy.baseUrl}/v1`, model: 'tiny' },
      });
      linkId = link.id;
      const current = (await core.handlers['mcp:list'](undefined)).configText;
      const servers = { ...(JSON.parse(current) as { mcpServers?: object }).mcpServers, [server]: config() };
      await core.handlers['mcp:save']({ mcpServers: servers });
      await waitForReady(server);
    }, PYTHON_MCP_SETUP_TIMEOUT_MS);

    it('shows the question as a form card; refuses values that do not fit; the tool gets the accepted values', async () => {
      const run = core.handlers['agent:run'](linkAgentRun(linkId, `${server}-accept`, 'Who am I?'));
      const card = await forRun(`${server}-accept`).elicit();
      expect(card).toMatchObject({ server, tool: 'details', message: 'Who are you?' });
      expect(card.fields.map((field) => [field.name, field.type, field.required])).toEqual([
        ['name', 'string', true],
        ['age', 'integer', true],
        ['subscribe', 'boolean', false],
      ]);
      const wrong = await dispatchInvoke(core.handlers, 'agent:elicit-answer', {
        askId: card.askId,
        answer: { action: 'accept', content: { name: 'Ada', age: 'old' } },
      });
      expect(wrong).toMatchObject({
        ok: false,
        error: { code: 'bad_request', message: expect.stringContaining('age') },
      });
      const right = await core.handlers['agent:elicit-answer']({
        askId: card.askId,
        answer: { action: 'accept', content: { name: 'Ada', age: 36, subscribe: true } },
      });
      expect(right).toEqual({ accepted: true });
      const result = await run;
      expect(result.end).toBe('answered');
      expect(result.steps[0]).toMatchObject({ tool: `${server}@details`, status: 'ok' });
      expect(result.steps[0]!.output).toMatch(/accepted: name=Ada age=36 subscribe=(True|true)/);
    });

    it('tells the tool when the user declines', async () => {
      const run = core.handlers['agent:run'](linkAgentRun(linkId, `${server}-decline`, 'Who am I?'));
      const card = await forRun(`${server}-decline`).elicit();
      await core.handlers['agent:elicit-answer']({ askId: card.askId, answer: { action: 'decline' } });
      const result = await run;
      expect(result.steps[0]!.output).toContain('the user chose decline');
    });

    it("asks before the server uses the user's model, naming it and the token limit; allowed, the model answers", async () => {
      const run = core.handlers['agent:run'](linkAgentRun(linkId, `${server}-sample`, 'Summarize.'));
      const card = await forRun(`${server}-sample`).ask();
      expect(card).toMatchObject({
        tool: `${server}@summarize`,
        choices: ['allow_once', 'deny'],
        sampling: { server, model: `tiny (proxy-${server})`, maxTokens: 64 },
      });
      expect(card.preview.text).toContain('Summarize: Cats sleep a lot and purr.');
      await core.handlers['agent:consent']({ askId: card.askId, answer: { kind: 'allow_once' } });
      const result = await run;
      expect(result.steps[0]!.output).toMatch(/^model .+ said: Cats purr\.$/);
    });

    it('gives the server a clear error when the user refuses', async () => {
      const run = core.handlers['agent:run'](linkAgentRun(linkId, `${server}-refuse`, 'Summarize.'));
      const card = await forRun(`${server}-refuse`).ask();
      await core.handlers['agent:consent']({ askId: card.askId, answer: { kind: 'deny', reason: 'not now' } });
      const result = await run;
      expect(result.steps[0]!.output).toContain('sampling failed:');
      expect(result.steps[0]!.output).toContain(`the user did not let MCP server "${server}" use their model: not now`);
    });
  });
}

async function waitForReady(server: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const status = (await core.handlers['mcp:list'](undefined)).servers.find((s) => s.name === server);
    if (status?.state === 'ready') return;
    if (Date.now() > deadline) throw new Error(`MCP server ${server} is not ready: ${status?.error ?? 'no status'}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

suite('py', pythonAskServer);
suite('ts', () => ({ command: process.execPath, args: ['--import', 'tsx', TS_ASK_SERVER] }));

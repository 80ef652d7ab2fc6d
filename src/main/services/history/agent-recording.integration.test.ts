// An agent run saved into the history: the question at once, the final answer
// with every step in `extra.agent`, so a reopened conversation shows its tool
// steps again. Real llama-server, replies forced through the grammar proxy.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../core';
import { startGrammarProxy, type GrammarProxy } from '../agent/grammar-proxy';
import { startTestServer, type TestServer } from '../chat/test-server';
import { testAssets } from '../../../test-support/test-assets';

const call = (name: string, args: Record<string, unknown>) => `<tool_call>${JSON.stringify({ name, arguments: args })}</tool_call>`;

let server: TestServer;
let proxy: GrammarProxy;
let core: Core;
let linkId = '';

beforeAll(async () => {
  server = await startTestServer();
  proxy = await startGrammarProxy(server.port, [call('calculator', { expression: '6*7' }), call('answer', { content: 'It is 42.' })]);
  core = await createCore({ host: 'browser', version: '0', dataDir: await mkdtemp(join(tmpdir(), 'eva-agent-history-')), binDirs: [testAssets.binDir], systemLanguage: 'en' });
  await core.handlers['settings:update']({ tools: { protocol: 'prompt' } });
  linkId = (await core.handlers['link:save']({ profile: { name: 'proxy', presetId: 'llama-server', baseUrl: `${proxy.baseUrl}/v1`, model: 'tiny' } })).id;
});

afterAll(async () => {
  await core.dispose();
  await proxy.close();
  await server.stop();
});

describe('agent runs in the history', () => {
  it('keeps the question, the answer and the steps', async () => {
    const result = await core.handlers['agent:run']({
      requestId: 'run1',
      endpoint: { kind: 'link', linkId },
      systemPrompt: 'You are a test agent.',
      messages: [{ role: 'user', content: 'What is 6*7?' }],
      sampling: { max_tokens: 200 },
      idSlot: null,
      conversationAllowed: [],
      record: { conversationId: 'agent-conv', parentId: null, answerId: 'ans', question: { id: 'q', content: 'What is 6*7?' }, create: { systemPrompt: 'You are a test agent.' } },
    });
    expect(result.end).toBe('answered');
    const opened = await core.handlers['history:open']({ id: 'agent-conv' });
    expect(opened.activePath).toEqual(['q', 'ans']);
    const answer = opened.messages.find((m) => m.id === 'ans');
    expect(answer).toMatchObject({ role: 'assistant', status: 'complete', content: 'It is 42.' });
    const agent = answer?.extra?.agent as { end: string; steps: Array<{ tool: string; output: string; status: string }> };
    expect(agent.end).toBe('answered');
    expect(agent.steps.map((s) => [s.tool, s.status, s.output])).toEqual([['calculator', 'ok', '42']]);
    // The Markdown export carries the step too.
    const markdown = await core.handlers['history:export']({ ids: ['agent-conv'], format: 'markdown' });
    expect(markdown.text).toContain('It is 42.');
    expect(markdown.text).toContain('<summary>Tool step: calculator (ok)</summary>');
    expect(markdown.text).toContain('"expression": "6*7"');
  });
});

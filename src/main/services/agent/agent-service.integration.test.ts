// The agent through the core's contract handlers, as the renderer drives it:
// an approval card arrives as an `agent:ask` event with a diff preview, the
// answer goes back through `agent:consent`, steps arrive as `agent:step`.
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { EventPayloads } from '@shared/contract';
import type { Core } from '../../core';
import { startTestServer, type TestServer } from '@test-support/llama/test-server';
import { startGrammarProxy, type GrammarProxy } from '@test-support/agent/grammar-proxy';
import { nativeCall } from '@test-support/agent/agent-harness';
import { longPrompt } from '@test-support/llama/long-prompt';
import { createTestCore } from '@test-support/test-core';

let server: TestServer;
let proxy: GrammarProxy;
let nativeProxy: GrammarProxy;
let core: Core;
let linkId = '';
let nativeLinkId = '';
const asks: EventPayloads['agent:ask'][] = [];
const steps: EventPayloads['agent:step'][] = [];

const call = (name: string, args: Record<string, unknown>) =>
  `<tool_call>${JSON.stringify({ name, arguments: args })}</tool_call>`;

beforeAll(async () => {
  server = await startTestServer();
  proxy = await startGrammarProxy(server.port, [
    call('write_file', { path: 'plan.md', content: 'step one\n' }),
    call('answer', { content: 'written' }),
  ]);
  nativeProxy = await startGrammarProxy(server.port, [
    nativeCall('calculator', { expression: '6*7' }),
    nativeCall('answer', { content: '42' }),
  ]);
  const dataDir = await mkdtemp(join(tmpdir(), 'eva-agent-core-'));
  core = await createTestCore(dataDir);
  core.events.attach((event, payload) => {
    if (event === 'agent:ask') asks.push(payload as EventPayloads['agent:ask']);
    if (event === 'agent:step') steps.push(payload as EventPayloads['agent:step']);
  });
  const link = await core.handlers['link:save']({
    profile: { name: 'proxy', presetId: 'llama-server', baseUrl: `${proxy.baseUrl}/v1`, model: 'tiny' },
  });
  linkId = link.id;
  const nativeLink = await core.handlers['link:save']({
    profile: { name: 'native', presetId: 'llama-server', baseUrl: `${nativeProxy.baseUrl}/v1`, model: 'tiny' },
  });
  nativeLinkId = nativeLink.id;
});

afterAll(async () => {
  await core.dispose();
  await proxy.close();
  await nativeProxy.close();
  await server.stop();
});

describe('agent through the core', () => {
  it('shows the diff before the write, runs it after Allow, and reports the step', async () => {
    await core.handlers['settings:update']({ tools: { protocol: 'prompt' } });
    const run = core.handlers['agent:run']({
      requestId: 'a1',
      endpoint: { kind: 'link', linkId },
      systemPrompt: 'You are a test agent.',
      messages: [{ role: 'user', content: 'Write a plan.' }],
      sampling: { max_tokens: 200 },
      idSlot: null,
      conversationAllowed: [],
    });
    while (asks.length === 0) await new Promise((r) => setTimeout(r, 20));
    const ask = asks[0]!;
    expect(ask).toMatchObject({
      requestId: 'a1',
      tool: 'write_file',
      preview: { kind: 'diff' },
      choices: ['allow_once', 'allow_conversation', 'deny'],
    });
    expect(ask.preview.text).toContain('+step one');
    const workspace = (await core.handlers['tools:list'](undefined)).workspaceDir;
    await expect(readFile(join(workspace, 'plan.md'))).rejects.toThrow();

    expect(await core.handlers['agent:consent']({ askId: ask.askId, answer: { kind: 'allow_once' } })).toEqual({
      accepted: true,
    });
    const result = await run;
    expect(result).toMatchObject({
      end: 'answered',
      answer: 'written',
      protocol: { used: 'prompt', setting: 'prompt', fallback: null },
    });
    expect(await readFile(join(workspace, 'plan.md'), 'utf8')).toBe('step one\n');
    expect(steps.map((s) => s.step.tool)).toEqual(['write_file']);
    expect(await core.handlers['agent:consent']({ askId: ask.askId, answer: { kind: 'allow_once' } })).toEqual({
      accepted: false,
    });
  });

  it('auto: a remote llama-server link whose template supports tools runs natively until `answer`', async () => {
    await core.handlers['settings:update']({ tools: { protocol: 'auto' } });
    steps.length = 0;
    const result = await core.handlers['agent:run']({
      requestId: 'a2',
      endpoint: { kind: 'link', linkId: nativeLinkId },
      systemPrompt: 'You are a test agent.',
      messages: [{ role: 'user', content: 'What is 6*7?' }],
      sampling: { max_tokens: 200 },
      idSlot: null,
      conversationAllowed: [],
    });
    expect(result).toMatchObject({ end: 'answered', answer: '42' });
    expect(result.protocol).toEqual({
      used: 'native',
      setting: 'auto',
      reason: "the model's chat template supports tools (/props)",
      fallback: null,
    });
    expect(steps.map((s) => [s.requestId, s.step.tool, s.step.output])).toEqual([['a2', 'calculator', '42']]);
    expect(nativeProxy.received[0]).toHaveProperty('tools');
    expect((nativeProxy.received[1]?.messages as { role: string }[]).at(-1)?.role).toBe('tool');
  });

  it("a question asked in a new minute finds the conversation in the server's cache: the tools prompt says the day, not the time", async () => {
    await core.handlers['settings:update']({ tools: { protocol: 'prompt' } });
    const raw = await core.handlers['link:save']({
      profile: { name: 'raw', presetId: 'llama-server', baseUrl: `http://127.0.0.1:${server.port}/v1`, model: 'tiny' },
    });
    const ask = (requestId: string, messages: { role: 'user' | 'assistant'; content: string }[]) =>
      core.handlers['agent:run']({
        requestId,
        endpoint: { kind: 'link', linkId: raw.id },
        systemPrompt: 'You are a test agent.',
        messages,
        sampling: { max_tokens: 4 },
        idSlot: null,
        conversationAllowed: [],
      });
    const question = longPrompt(16);
    // Only the clock is faked; timers run as usual.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(new Date('2026-11-28T10:15:40'));
      const first = await ask('m1', [{ role: 'user', content: question }]);
      expect(first.end).toBe('answered');
      expect(first.lastResult?.timings?.prompt_n).toBeGreaterThan(250);
      vi.setSystemTime(new Date('2026-11-28T10:16:05'));
      const next = await ask('m2', [
        { role: 'user', content: question },
        { role: 'assistant', content: first.answer },
        { role: 'user', content: 'And the last line?' },
      ]);
      expect(next.end).toBe('answered');
      // The tools prompt and the first question were in the cache; the server read the answer and the new question.
      expect(next.lastResult?.timings?.prompt_n).toBeLessThan(60);
    } finally {
      vi.useRealTimers();
    }
  });
});

// The native tool protocol against the real llama-server: tools go out as the
// OpenAI `tools` field, llama-server (--jinja) parses the call out of the
// model's text with the chat template's tool parser and streams `tool_calls`,
// results come back as `role: "tool"` messages. And the fallback to the prompt
// protocol when an endpoint refuses native tools.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseToolProtocol } from '@shared/tools/agent/tool-protocol';
import type { LinkService } from '../links/link-service';
import { fetchServerProps } from '../chat/server-props';
import { startTestServer, type TestServer } from '@test-support/llama/test-server';
import { makeTestRunner } from '@test-support/tools/test-runner';
import type { ToolRunner } from '../tools/tool-runner';
import { runAgent } from './agent-loop';
import { endpointToolSupport } from './endpoint-tool-support';
import type { GrammarProxy } from '@test-support/agent/grammar-proxy';
import { agentHarness, nativeCall, promptCall, type HarnessOptions } from '@test-support/agent/agent-harness';
import type { ScriptedReply } from '@test-support/agent/grammar-proxy';

let jinja: TestServer;
let noJinja: TestServer;
let runner: ToolRunner;
const proxies: GrammarProxy[] = [];

beforeAll(async () => {
  [jinja, noJinja] = await Promise.all([startTestServer(), startTestServer({ extraArgs: ['--no-jinja'] })]);
  runner = makeTestRunner();
});

afterAll(async () => {
  for (const proxy of proxies) await proxy.close();
  await runner.dispose();
  await Promise.all([jinja.stop(), noJinja.stop()]);
});

async function setup(server: TestServer, script: ScriptedReply[], options: HarnessOptions = {}) {
  const harness = await agentHarness(server.port, runner, script, { protocol: 'native', ...options });
  proxies.push(harness.proxy);
  return harness;
}

type WireMessage = {
  role: string;
  content: string | null;
  tool_calls?: { id: string; function: { name: string; arguments: string } }[];
  tool_call_id?: string;
  name?: string;
};
const messagesOf = (body: Record<string, unknown> | undefined) => (body?.messages ?? []) as WireMessage[];

/** The tool_call ids the server streamed in an SSE body. */
function streamedCallIds(sse: string): string[] {
  const ids: string[] = [];
  for (const line of sse.split('\n')) {
    if (!line.startsWith('data: {')) continue;
    const chunk = JSON.parse(line.slice(6)) as { choices?: { delta?: { tool_calls?: { id?: string }[] } }[] };
    for (const call of chunk.choices?.[0]?.delta?.tool_calls ?? []) if (call.id) ids.push(call.id);
  }
  return ids;
}

describe('native tool calls with the real llama-server (--jinja)', () => {
  it('runs the streamed calculator call, answers it with a tool message carrying its id, and stops at answer', async () => {
    const { proxy, deps, input } = await setup(jinja, [
      nativeCall('calculator', { expression: '2+3' }),
      nativeCall('answer', { content: 'It is 5.' }),
    ]);
    const result = await runAgent(input, deps);
    expect(result).toMatchObject({ end: 'answered', answer: 'It is 5.', protocol: { used: 'native', fallback: null } });
    expect(result.steps).toEqual([
      expect.objectContaining({ kind: 'tool', tool: 'calculator', status: 'ok', output: '5' }),
    ]);

    // The first request offered OpenAI tools; no <tools> block, no </tool_call> stop word.
    const first = proxy.received[0] as { tools: { function: { name: string } }[]; stop?: string[] };
    expect(first.tools.map((t) => t.function.name)).toContain('calculator');
    expect(first.stop ?? []).not.toContain('</tool_call>');
    expect(messagesOf(first)[0]?.content).not.toContain('<tools>');

    // The id is the one llama-server made up for the call, and the result goes back under it.
    const [id] = streamedCallIds(proxy.responses[0] ?? '');
    expect(id).toMatch(/.+/);
    const sent = messagesOf(proxy.received[1]);
    expect(sent.at(-2)).toMatchObject({ role: 'assistant', tool_calls: [{ id, function: { name: 'calculator' } }] });
    expect(JSON.parse(sent.at(-2)?.tool_calls?.[0]?.function.arguments ?? '')).toEqual({ expression: '2+3' });
    expect(sent.at(-1)).toEqual({ role: 'tool', tool_call_id: id, name: 'calculator', content: '5' });
    expect(proxy.requests).toHaveLength(2);
  });

  it('asks before a native write; the denial and its reason go back as the tool message; nothing is written', async () => {
    const { proxy, deps, input, asked, workspaceDir } = await setup(
      jinja,
      [nativeCall('write_file', { path: 'notes.txt', content: 'hello' }), nativeCall('answer', { content: 'ok' })],
      { ask: async () => ({ kind: 'deny', reason: 'not now' }) },
    );
    const result = await runAgent(input, deps);
    expect(asked).toEqual(['write_file']);
    expect(result.steps[0]).toMatchObject({ tool: 'write_file', status: 'denied' });
    const fed = messagesOf(proxy.received[1]).at(-1);
    expect(fed?.role).toBe('tool');
    expect(fed?.content).toContain('not now');
    await expect(readFile(join(workspaceDir, 'notes.txt'))).rejects.toThrow();
  });

  it('agent mode: a reply without tool_calls gets the warning once, then ends the run', async () => {
    const { proxy, deps, input } = await setup(jinja, ['Just words.', 'Still words.']);
    const result = await runAgent(input, deps);
    expect(result.steps).toEqual([expect.objectContaining({ kind: 'warning' })]);
    expect(result).toMatchObject({ end: 'answered', answer: 'Still words.', protocol: { used: 'native' } });
    expect(messagesOf(proxy.received[1]).at(-1)?.content).toMatch(/^\[Warning\]/);
  });
});

describe('falling back to the prompt protocol', () => {
  it('auto picks native from /props, llama-server without --jinja refuses tools, the run switches visibly and still succeeds', async () => {
    const { proxy, deps, input } = await setup(noJinja, [
      '(refused)',
      promptCall('calculator', { expression: '2+3' }),
      promptCall('answer', { content: 'It is 5.' }),
    ]);
    // The template supports tools, so /props says yes even though this server cannot use them.
    const support = await endpointToolSupport(
      { kind: 'local' },
      {
        localProps: () => fetchServerProps({ baseUrl: proxy.baseUrl, apiKey: '', model: 'tiny' }, fetch),
        links: {} as LinkService,
      },
    );
    const choice = chooseToolProtocol('auto', support);
    expect(choice.protocol).toBe('native');

    const result = await runAgent({ ...input, protocol: { ...choice, setting: 'auto' } }, deps);
    expect(result.end).toBe('answered');
    expect(result.answer).toBe('It is 5.');
    expect(result.protocol).toMatchObject({ used: 'prompt', setting: 'auto', reason: choice.reason });
    expect(result.protocol.fallback).toContain('tools param requires --jinja flag');
    expect(result.steps.map((s) => [s.kind, s.tool, s.status])).toEqual([
      ['warning', null, 'error'],
      ['tool', 'calculator', 'ok'],
    ]);
    expect(result.steps[0]?.output).toMatch(/Switched to the prompt protocol/);

    expect(proxy.received[0]).toHaveProperty('tools');
    const retry = proxy.received[1] as { tools?: unknown; stop: string[] };
    expect(retry.tools).toBeUndefined();
    expect(retry.stop).toContain('</tool_call>');
    expect(messagesOf(retry)[0]?.content).toContain('<tools>');
  });

  it('an endpoint that refuses tool messages mid-run: what happened so far is replayed in prompt form', async () => {
    const { proxy, deps, input } = await setup(
      jinja,
      [nativeCall('calculator', { expression: '2+3' }), '(refused)', promptCall('answer', { content: 'It is 5.' })],
      {
        proxy: { rejectToolMessages: true },
      },
    );
    const result = await runAgent(input, deps);
    expect(result).toMatchObject({
      end: 'answered',
      answer: 'It is 5.',
      protocol: { used: 'prompt', setting: 'native' },
    });
    expect(result.protocol.fallback).toContain('stand-in for an endpoint without tool messages');
    expect(result.steps.map((s) => [s.kind, s.tool, s.status])).toEqual([
      ['tool', 'calculator', 'ok'],
      ['warning', null, 'error'],
    ]);
    const replay = messagesOf(proxy.received[2]);
    expect(replay.some((m) => m.role === 'tool' || m.tool_calls)).toBe(false);
    expect(replay.at(-2)).toEqual({
      role: 'assistant',
      content: '<tool_call>{"name":"calculator","arguments":{"expression":"2+3"}}</tool_call>',
    });
    expect(replay.at(-1)).toEqual({
      role: 'user',
      content: '<tool_response name="calculator" status="ok">\n5\n</tool_response>',
    });
  });
});

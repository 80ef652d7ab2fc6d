// The agent loop against the real llama-server and real tool workers. The
// random-weight model is steered by a GBNF grammar (added by a proxy) to emit
// exactly the tool calls each test scripts.
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultSettings } from '../../../shared/default-settings';
import { builtinToolDescriptors } from '../../../shared/tools/builtin-tools';
import type { ConsentAnswer } from '../../../shared/tools/consent';
import { createArgumentValidator } from '../../../shared/tools/validate-arguments';
import { createChatService } from '../chat/chat-service';
import { startTestServer, type TestServer } from '../chat/test-server';
import type { LinkService } from '../links/link-service';
import { makeTestRunner } from '../tools/test-support/test-runner';
import { builtinToolProvider, ToolRegistry } from '../tools/tool-registry';
import type { ToolRunner } from '../tools/tool-runner';
import { runAgent, type AgentDeps, type AgentRunInput } from './agent-loop';
import { startGrammarProxy, type GrammarProxy } from './grammar-proxy';

let server: TestServer;
let runner: ToolRunner;
const proxies: GrammarProxy[] = [];

beforeAll(async () => {
  server = await startTestServer();
  runner = makeTestRunner();
});

afterAll(async () => {
  for (const proxy of proxies) await proxy.close();
  await runner.dispose();
  await server.stop();
});

const call = (name: string, args: Record<string, unknown>) => `<tool_call>${JSON.stringify({ name, arguments: args })}</tool_call>`;

async function setup(script: string[], options: { ask?: AgentDeps['ask']; policy?: Record<string, 'allow' | 'ask' | 'deny'> } = {}) {
  const proxy = await startGrammarProxy(server.port, script);
  proxies.push(proxy);
  const chat = createChatService({ localServer: () => ({ baseUrl: proxy.baseUrl, apiKey: '', model: 'tiny' }), links: {} as LinkService, emit: () => {} });
  const registry = new ToolRegistry();
  registry.setProvider('builtin', builtinToolProvider(runner));
  const asked: string[] = [];
  const deps: AgentDeps = {
    send: (input) => chat.send(input),
    runTool: (c) => registry.run(c),
    validator: createArgumentValidator(),
    policy: () => ({ policies: options.policy ?? {} }),
    ask: async (request) => {
      asked.push(request.tool.name);
      return options.ask ? options.ask(request) : ({ kind: 'allow_once' } satisfies ConsentAnswer);
    },
  };
  const workspaceDir = await mkdtemp(join(tmpdir(), 'eva-agent-'));
  const input: AgentRunInput = {
    requestId: 'run',
    endpoint: { kind: 'local' },
    systemPrompt: 'You are a test agent.',
    messages: [{ role: 'user', content: 'What is 2+3?' }],
    sampling: { ...defaultSettings().chat.sampling, max_tokens: 200 },
    idSlot: null,
    tools: builtinToolDescriptors().filter((tool) => tool.name !== 'controller'),
    workspaceDir,
    maxSteps: 6,
    agentMode: true,
    conversationAllowed: [],
  };
  return { proxy, deps, input, asked, workspaceDir };
}

describe('agent loop with the real llama-server', () => {
  it('runs the calculator in its worker, feeds the result back and stops at answer', async () => {
    const { proxy, deps, input } = await setup([call('calculator', { expression: '2+3' }), call('answer', { content: 'It is 5.' })]);
    const result = await runAgent(input, deps);
    expect(result.end).toBe('answered');
    expect(result.answer).toBe('It is 5.');
    expect(result.steps).toHaveLength(1);
    expect(result.steps[0]).toMatchObject({ tool: 'calculator', status: 'ok', output: '5' });
    // The second request carried the tool_response turn and the stop word.
    const second = proxy.requests[1] as { messages: { role: string; content: string }[]; stop: string[] };
    expect(second.messages.at(-1)?.content).toContain('<tool_response name="calculator" status="ok">\n5\n</tool_response>');
    expect(second.stop).toContain('</tool_call>');
    expect((proxy.requests[0] as { messages: { content: string }[] }).messages[0]?.content).toContain('<tools>');
  });

  it('asks before a write, and a denial with its reason reaches the model; nothing is written', async () => {
    const { proxy, deps, input, asked, workspaceDir } = await setup(
      [call('write_file', { path: 'notes.txt', content: 'hello' }), call('answer', { content: 'ok' })],
      { ask: async () => ({ kind: 'deny', reason: 'not now' }) },
    );
    const result = await runAgent(input, deps);
    expect(asked).toEqual(['write_file']);
    expect(result.steps[0]).toMatchObject({ tool: 'write_file', status: 'denied' });
    const fed = (proxy.requests[1] as { messages: { content: string }[] }).messages.at(-1)?.content ?? '';
    expect(fed).toContain('not now');
    await expect(readFile(join(workspaceDir, 'notes.txt'))).rejects.toThrow();
  });

  it('allow-for-this-conversation is remembered: the second write is not asked again', async () => {
    const { deps, input, asked, workspaceDir } = await setup(
      [call('write_file', { path: 'a.txt', content: 'one' }), call('write_file', { path: 'b.txt', content: 'two' }), call('answer', { content: 'done' })],
      { ask: async () => ({ kind: 'allow_conversation' }) },
    );
    const result = await runAgent(input, deps);
    expect(result.end).toBe('answered');
    expect(asked).toEqual(['write_file']);
    expect(result.conversationAllowed).toContain('write_file');
    expect(await readFile(join(workspaceDir, 'a.txt'), 'utf8')).toBe('one');
    expect(await readFile(join(workspaceDir, 'b.txt'), 'utf8')).toBe('two');
  });

  it('an unknown tool and bad arguments go back to the model as precise errors; nothing runs', async () => {
    const { proxy, deps, input } = await setup([call('teleport', { to: 'mars' }), call('calculator', { expr: 1 }), call('answer', { content: 'gave up' })]);
    const result = await runAgent(input, deps);
    expect(result.steps.map((s) => s.status)).toEqual(['rejected', 'rejected']);
    const texts = proxy.requests.slice(1).map((r) => (r as { messages: { content: string }[] }).messages.at(-1)?.content ?? '');
    expect(texts[0]).toContain('there is no tool named "teleport"');
    expect(texts[1]).toMatch(/arguments/);
  });

  it('a forbidden command is refused before anyone is asked', async () => {
    const { deps, input, asked } = await setup([call('execute_command', { command: 'rm -rf /' }), call('answer', { content: 'ok' })]);
    const result = await runAgent(input, deps);
    expect(asked).toEqual([]);
    expect(result.steps[0]).toMatchObject({ tool: 'execute_command', status: 'rejected' });
    expect(result.steps[0]?.output).toMatch(/refused/);
  });

  it('agent mode: a reply without a tool call gets one warning, then ends the run', async () => {
    const { deps, input } = await setup(['Just words.', 'Still words.']);
    const result = await runAgent(input, deps);
    expect(result.steps).toEqual([expect.objectContaining({ kind: 'warning' })]);
    expect(result.end).toBe('answered');
    expect(result.answer).toBe('Still words.');
  });

  it('stops at the step limit', async () => {
    const { deps, input } = await setup([call('calculator', { expression: '1+1' })]);
    const result = await runAgent({ ...input, maxSteps: 3 }, deps);
    expect(result.end).toBe('max_steps');
    expect(result.steps).toHaveLength(3);
  });
});

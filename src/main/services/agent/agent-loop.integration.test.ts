// The agent loop against the real llama-server and real tool workers. The
// random-weight model is steered by a GBNF grammar (added by a proxy) to emit
// exactly the tool calls each test scripts.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '@test-support/llama/test-server';
import { makeTestRunner } from '@test-support/tools/test-runner';
import type { ToolRunner } from '../tools/tool-runner';
import { runAgent } from './agent-loop';
import type { GrammarProxy } from '@test-support/agent/grammar-proxy';
import { agentHarness, promptCall as call, type HarnessOptions } from '@test-support/agent/agent-harness';

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

async function setup(
  script: string[],
  options: { ask?: HarnessOptions['ask']; policy?: Record<string, 'allow' | 'ask' | 'deny'> } = {},
) {
  const harness = await agentHarness(server.port, runner, script, { ...options, protocol: 'prompt' });
  proxies.push(harness.proxy);
  return harness;
}

describe('agent loop with the real llama-server', () => {
  it('runs the calculator in its worker, feeds the result back and stops at answer', async () => {
    const { proxy, deps, input } = await setup([
      call('calculator', { expression: '2+3' }),
      call('answer', { content: 'It is 5.' }),
    ]);
    const result = await runAgent(input, deps);
    expect(result.end).toBe('answered');
    expect(result.answer).toBe('It is 5.');
    expect(result.steps).toHaveLength(1);
    expect(result.steps[0]).toMatchObject({ tool: 'calculator', status: 'ok', output: '5' });
    // The second request carried the tool_response turn and the stop word.
    const second = proxy.requests[1] as { messages: { role: string; content: string }[]; stop: string[] };
    expect(second.messages.at(-1)?.content).toContain(
      '<tool_response name="calculator" status="ok">\n5\n</tool_response>',
    );
    expect(second.stop).toContain('</tool_call>');
    expect((proxy.requests[0] as { messages: { content: string }[] }).messages[0]?.content).toContain('<tools>');
    expect(proxy.requests[0]).not.toHaveProperty('tools');
    expect(result.protocol).toEqual({ used: 'prompt', setting: 'prompt', reason: 'set by the test', fallback: null });
  });

  it('asks before a write, and a denial with its reason reaches the model; nothing is written', async () => {
    const { proxy, deps, input, asked, workspaceDir } = await setup(
      [call('write_file', { path: 'notes.txt', content: 'hello' }), call('answer', { content: 'ok' })],
      { ask: async () => ({ kind: 'deny', reason: 'not now' }) },
    );
    const result = await runAgent(input, deps);
    expect(asked).toEqual(['write_file']);
    expect(result.steps[0]).toMatchObject({ tool: 'write_file', status: 'denied', consent: 'deny' });
    const fed = (proxy.requests[1] as { messages: { content: string }[] }).messages.at(-1)?.content ?? '';
    expect(fed).toContain('not now');
    await expect(readFile(join(workspaceDir, 'notes.txt'))).rejects.toThrow();
  });

  it('what the model says before a call travels with that call: on its approval card and its step, with the card named on the step', async () => {
    const { deps, input, asks } = await setup([
      `Let me write that down.\n${call('write_file', { path: 'notes.txt', content: 'hi' })}`,
      call('calculator', { expression: '1+1' }),
      call('answer', { content: 'ok' }),
    ]);
    const result = await runAgent(input, deps);
    expect(asks).toHaveLength(1);
    expect(asks[0]).toMatchObject({ turn: 0, said: 'Let me write that down.' });
    expect(result.steps[0]).toMatchObject({
      tool: 'write_file',
      status: 'ok',
      turn: 0,
      said: 'Let me write that down.',
      askId: 'ask-1',
      consent: 'allow_once',
    });
    // A turn that only calls says nothing, and a call no card asked about names none.
    expect(result.steps[1]).toMatchObject({ tool: 'calculator', turn: 1 });
    expect(result.steps[1]).not.toHaveProperty('said');
    expect(result.steps[1]).not.toHaveProperty('askId');
  });

  it('allow-for-this-conversation is remembered: the second write is not asked again', async () => {
    const { deps, input, asked, workspaceDir } = await setup(
      [
        call('write_file', { path: 'a.txt', content: 'one' }),
        call('write_file', { path: 'b.txt', content: 'two' }),
        call('answer', { content: 'done' }),
      ],
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
    const { proxy, deps, input } = await setup([
      call('teleport', { to: 'mars' }),
      call('calculator', { expr: 1 }),
      call('answer', { content: 'gave up' }),
    ]);
    const result = await runAgent(input, deps);
    // The whole outcome on failure, not just the statuses: which step went where.
    expect({
      end: result.end,
      error: result.lastResult?.error,
      steps: result.steps.map((s) => [s.tool, s.status]),
    }).toEqual({
      end: 'answered',
      error: undefined,
      steps: [
        ['teleport', 'rejected'],
        ['calculator', 'rejected'],
      ],
    });
    const texts = proxy.requests
      .slice(1)
      .map((r) => (r as { messages: { content: string }[] }).messages.at(-1)?.content ?? '');
    expect(texts[0]).toContain('there is no tool named "teleport"');
    expect(texts[1]).toMatch(/arguments/);
  });

  it('a forbidden command is refused before anyone is asked', async () => {
    const { deps, input, asked } = await setup([
      call('execute_command', { command: 'rm -rf /' }),
      call('answer', { content: 'ok' }),
    ]);
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

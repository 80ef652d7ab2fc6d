// An agent run saved into the history: the question at once, the final answer
// with every step in `extra.agent`, so a reopened conversation shows its tool
// steps again. Real llama-server, replies forced through the grammar proxy.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../core';
import { startProxiedCore, type ProxiedCore } from '@test-support/proxied-core';
import { linkAgentRun, newConversationRecord } from '@test-support/agent/link-agent-run';

const call = (name: string, args: Record<string, unknown>) =>
  `<tool_call>${JSON.stringify({ name, arguments: args })}</tool_call>`;

let harness: ProxiedCore;
let core: Core;
let linkId = '';

beforeAll(async () => {
  harness = await startProxiedCore([
    call('calculator', { expression: '6*7' }),
    call('answer', { content: 'It is 42.' }),
  ]);
  ({ core, linkId } = harness);
  await core.handlers['settings:update']({ tools: { protocol: 'prompt' } });
});

afterAll(() => harness.close());

describe('agent runs in the history', () => {
  it('keeps the question, the answer and the steps', async () => {
    const result = await core.handlers['agent:run'](
      linkAgentRun(linkId, 'run1', 'What is 6*7?', { record: newConversationRecord('agent-conv', 'What is 6*7?') }),
    );
    expect(result.end).toBe('answered');
    const opened = await core.handlers['history:open']({ id: 'agent-conv' });
    expect(opened.activePath).toEqual(['q', 'ans']);
    const answer = opened.messages.find((m) => m.id === 'ans');
    expect(answer).toMatchObject({ role: 'assistant', status: 'complete', content: 'It is 42.' });
    // Who wrote it: the link the run went through and the model its last turn named, as a plain answer records.
    expect(answer?.author).toMatchObject({ kind: 'link', linkId, model: expect.stringMatching(/\S/) });
    expect(answer?.author).toEqual(result.lastResult?.author);
    const agent = answer?.extra?.agent as {
      end: string;
      steps: Array<{ tool: string; output: string; status: string }>;
    };
    expect(agent.end).toBe('answered');
    expect(agent.steps.map((s) => [s.tool, s.status, s.output])).toEqual([['calculator', 'ok', '42']]);
    // The Markdown export carries the step too.
    const markdown = await core.handlers['history:export']({ ids: ['agent-conv'], format: 'markdown' });
    expect(markdown.text).toContain('It is 42.');
    expect(markdown.text).toContain('<summary>Tool step: calculator (ok)</summary>');
    expect(markdown.text).toContain('"expression": "6*7"');
  });
});

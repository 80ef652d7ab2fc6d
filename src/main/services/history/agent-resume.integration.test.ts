// Continue on an agent run: a run stopped
// after its first tool step resumes after that step. The tool is not run again:
// the model is given the saved call and its result and goes on from there. Real
// llama-server, replies forced through the grammar proxy, real tool worker.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventPayloads, InvokeInput } from '@shared/contract';
import type { ChatMessage } from '@shared/chat/types';
import type { Core } from '../../core';
import { startProxiedCore, type ProxiedCore } from '@test-support/proxied-core';
import { linkAgentRun, newConversationRecord } from '@test-support/agent/link-agent-run';

const call = (name: string, args: Record<string, unknown>) =>
  `<tool_call>${JSON.stringify({ name, arguments: args })}</tool_call>`;

let harness: ProxiedCore;
let core: Core;
let linkId = '';
const steps: EventPayloads['agent:step'][] = [];

beforeAll(async () => {
  harness = await startProxiedCore([
    call('calculator', { expression: '6*7' }),
    call('answer', { content: 'It is 42.' }),
  ]);
  ({ core, linkId } = harness);
  await core.handlers['settings:update']({ tools: { protocol: 'prompt' } });
  core.events.attach((event, payload) => {
    if (event !== 'agent:step') return;
    const step = payload as EventPayloads['agent:step'];
    steps.push(step);
    // Stopped the moment its first step is done: the run ends with one completed step.
    if (step.requestId === 'first') void core.handlers['agent:stop']({ requestId: 'first' });
  });
});

afterAll(() => harness.close());

const run = (requestId: string, extra: Partial<InvokeInput<'agent:run'>>) =>
  core.handlers['agent:run'](
    linkAgentRun(linkId, requestId, 'What is 6*7?', {
      record: { conversationId: 'resume-conv', parentId: 'q', answerId: 'ans' },
      ...extra,
    }),
  );

describe('resuming an agent run', () => {
  it('a run stopped after a tool step goes on after it: the tool is not run again, the answer and every step end up in the same message', async () => {
    const first = await run('first', { record: newConversationRecord('resume-conv', 'What is 6*7?') });
    expect(first.end).toBe('stopped');
    expect(first.steps.map((step) => [step.tool, step.status, step.output])).toEqual([['calculator', 'ok', '42']]);
    const saved = (await core.handlers['history:open']({ id: 'resume-conv' })).messages.find((m) => m.id === 'ans');
    expect(saved).toMatchObject({
      status: 'stopped',
      extra: { agent: { end: 'stopped', steps: [{ tool: 'calculator', output: '42' }] } },
    });
    const requestsBefore = harness.proxy.received.length;

    const resumed = await run('second', { resume: true });
    expect(resumed.end).toBe('answered');
    expect(resumed.answer).toBe('It is 42.');
    // The saved step, once: replayed to the page under the new run, never run again.
    expect(resumed.steps.map((step) => [step.index, step.tool, step.output])).toEqual([[0, 'calculator', '42']]);
    expect(steps.filter((step) => step.requestId === 'second').map((step) => step.step.index)).toEqual([0]);
    expect(
      steps.filter((step) => step.step.tool === 'calculator' && step.step.durationMs !== first.steps[0]!.durationMs),
    ).toEqual([]);
    // One model request, which saw the call and its result.
    expect(harness.proxy.received.length).toBe(requestsBefore + 1);
    const seen = (harness.proxy.received.at(-1)!.messages as ChatMessage[]).map(
      (m) => `${m.role}: ${typeof m.content === 'string' ? m.content : ''}`,
    );
    expect(
      seen.some(
        (line) => line.startsWith('assistant: ') && line.includes('"name":"calculator"') && line.includes('6*7'),
      ),
    ).toBe(true);
    expect(seen.some((line) => line.includes('42') && !line.startsWith('assistant'))).toBe(true);

    const opened = await core.handlers['history:open']({ id: 'resume-conv' });
    expect(opened.messages.map((m) => m.id)).toEqual(['q', 'ans']);
    expect(opened.messages[1]).toMatchObject({
      status: 'complete',
      content: 'It is 42.',
      extra: { agent: { end: 'answered', steps: [{ index: 0, tool: 'calculator', output: '42' }] } },
    });
  });

  it('refuses to resume what is not a saved run', async () => {
    await expect(
      run('third', { resume: true, record: { conversationId: 'resume-conv', parentId: null, answerId: 'q' } }),
    ).rejects.toMatchObject({
      code: 'bad_request',
      message: expect.stringMatching(/^cannot resume: q is not the saved answer of an agent run/),
    });
    await expect(run('fourth', { resume: true, record: undefined })).rejects.toMatchObject({ code: 'bad_request' });
  });
});

// The chat store with tools on: an answer through the agent loop.
import { describe, expect, it } from 'vitest';
import type { InvokeInput } from '@shared/contract';
import { createMemoryPlatform } from '@renderer/platform/memory-platform';
import { answers, settle } from '@renderer/test-support/chat-store-setup';
import { createSettingsStore } from '../settings/settings-store';
import { createStatusStore } from '../status/status-store';
import { createChatStore } from './chat-store';
import { createStreamFollower } from './stream-follower';

describe('chat store with tools on', () => {
  it('answers through the agent loop: runs with a record, shows the final answer, keeps the steps in the agent store', async () => {
    const { createAgentStore } = await import('../agent/agent-store');
    const api = createMemoryPlatform({
      agentScript: {
        actions: [
          {
            kind: 'step',
            step: {
              kind: 'tool',
              tool: 'calculator',
              args: { expression: '2+3' },
              status: 'ok',
              output: '5',
              durationMs: 1,
            },
          },
        ],
        answer: 'It is 5.',
      },
    });
    const app = createSettingsStore(api);
    const status = createStatusStore(api);
    const follower = createStreamFollower(api, (callback) => callback());
    const agent = createAgentStore(api);
    let n = 0;
    const chat = createChatStore({
      api,
      app,
      status,
      follower,
      agent,
      newId: () => `t${++n}`,
      sleep: () => Promise.resolve(),
    });
    follower.start();
    status.start();
    agent.start();
    chat.start();
    await app.refresh();
    await api.invoke('backend:load', { ...api.state.settings.load, modelPath: '/m/qwen.gguf' });
    await settle();

    chat.useTools.setState(true, true);
    await chat.send('What is 2+3?');
    const runs = api.calls.filter((c) => c.channel === 'agent:run').map((c) => c.input as InvokeInput<'agent:run'>);
    expect(runs).toHaveLength(1);
    expect(api.calls.filter((c) => c.channel === 'chat:send')).toHaveLength(0);
    expect(runs[0]?.record).toMatchObject({ question: { content: 'What is 2+3?' } });
    const answer = answers(chat.conversation.getState().items)[0];
    expect(answer).toMatchObject({ agentRun: true, answer: { content: 'It is 5.', status: 'done' } });
    expect(agent.steps(answer?.requestId ?? '').map((s) => s.output)).toEqual(['5']);

    // The controller is switched on for this conversation only.
    chat.conversationTools.setState(['controller'], true);
    await chat.send('Move the mouse');
    const withController = api.calls
      .filter((c) => c.channel === 'agent:run')
      .map((c) => c.input as InvokeInput<'agent:run'>);
    expect(withController.at(-1)?.enableTools).toEqual(['controller']);
    chat.clear();
    expect(chat.conversationTools.getState()).toEqual([]);

    chat.useTools.setState(false, true);
    await chat.send('thanks');
    expect(api.calls.filter((c) => c.channel === 'chat:send')).toHaveLength(1);
  });
});

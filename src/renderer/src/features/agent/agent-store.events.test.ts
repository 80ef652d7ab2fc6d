// The agent store following a run's events: a failure, steps whose events were lost, replays, foreign runs, and
// a card that arrives after its run ended.
import { describe, expect, it } from 'vitest';
import { runRequest, setupAgent, shellCall, until } from '@renderer/test-support/agent-setup';
import { createMemoryPlatform } from '@renderer/platform/memory-platform';
import { createAgentStore } from './agent-store';

describe('agent store: run events', () => {
  it('shows a failed run as an error', async () => {
    const api = createMemoryPlatform();
    const agent = createAgentStore(api);
    const result = await agent.run(runRequest('r7'));
    expect(result.ok).toBe(false);
    expect(agent.getRun('r7')).toMatchObject({
      running: false,
      end: 'error',
      error: { message: 'the agent loop is not simulated by the in-memory platform' },
    });
  });

  it('takes the result as the truth: steps whose events were lost are added, replays do not double', async () => {
    const api = createMemoryPlatform();
    const agent = createAgentStore(api);
    const step = (index: number, output: string) => ({
      index,
      kind: 'tool' as const,
      tool: 'calculator',
      args: { expression: '1+1' },
      status: 'ok' as const,
      output,
      durationMs: 1,
    });
    api.handle('agent:run', ({ requestId }) => {
      api.emit('agent:step', { requestId, step: step(0, 'first') });
      api.emit('agent:step', { requestId, step: step(0, 'first, again') });
      const protocol = {
        used: 'native' as const,
        setting: 'auto' as const,
        reason: 'the template supports tools',
        fallback: 'the endpoint refused tool messages',
      };
      return {
        ok: true,
        value: {
          end: 'answered',
          answer: 'ok',
          steps: [step(0, 'first'), step(1, 'second')],
          conversationAllowed: [],
          lastResult: null,
          protocol,
        },
      };
    });
    await agent.run(runRequest('r8'));
    expect(agent.steps('r8').map((s) => [s.index, s.output])).toEqual([
      [0, 'first, again'],
      [1, 'second'],
    ]);
    expect(agent.getRun('r8')?.protocol).toMatchObject({
      used: 'native',
      fallback: 'the endpoint refused tool messages',
    });
  });

  it('ignores events of runs it did not start, and forgets a run on dispose (stopping it if it still runs)', async () => {
    const { api, agent } = setupAgent([shellCall]);
    agent.start();
    api.emit('agent:step', {
      requestId: 'elsewhere',
      step: { index: 0, kind: 'tool', tool: 'calculator', args: {}, status: 'ok', output: '1', durationMs: 1 },
    });
    expect(agent.store.getState().runs).toEqual({});

    const running = agent.run(runRequest('r9'));
    await until(() => agent.pending('r9').length === 1);
    agent.dispose('r9');
    expect(agent.getRun('r9')).toBeNull();
    expect(
      api.calls.some((c) => c.channel === 'agent:stop' && (c.input as { requestId: string }).requestId === 'r9'),
    ).toBe(true);
    expect(await running).toMatchObject({ ok: true, value: { end: 'stopped' } });
    // finishing a forgotten run changes nothing
    expect(agent.getRun('r9')).toBeNull();
  });

  it('a card that arrives after its run ended is never shown as waiting', () => {
    const api = createMemoryPlatform();
    const agent = createAgentStore(api);
    agent.startRun('late');
    agent.finishRun('late', { end: 'stopped' });
    api.emit('agent:ask', {
      requestId: 'late',
      askId: 'a1',
      tool: 'write_file',
      risk: 'write',
      args: {},
      preview: { kind: 'none', text: '' },
      choices: ['allow_once', 'deny'],
    });
    expect(agent.pending('late')).toEqual([]);
    expect(agent.getRun('late')?.entries).toMatchObject([{ kind: 'card', card: { state: 'cancelled' } }]);
  });
});

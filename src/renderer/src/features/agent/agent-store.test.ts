// The agent store's approval cards: what they show, the answers they take (and refuse), and consent that lasts
// for a conversation but is never restored from a saved run.
import { describe, expect, it } from 'vitest';
import type { FakeAgentAction } from '@renderer/platform/fake-tools';
import { commandPreview } from '@shared/tools/command-safety/command-preview';
import {
  calculatorStep,
  consentCalls,
  runRequest,
  setupAgent,
  shellCall,
  until,
} from '@renderer/test-support/agent-setup';
import { createMemoryPlatform } from '@renderer/platform/memory-platform';
import { createAgentStore } from './agent-store';
import { segmentList } from '@shared/tools/command-safety/command-segments';

describe('agent store', () => {
  it('collects steps and holds the run on an approval card until it is answered', async () => {
    const { api, agent } = setupAgent([calculatorStep, shellCall]);
    const running = agent.run(runRequest('r1'));
    await until(() => agent.pending('r1').length === 1);
    expect(agent.steps('r1').map((s) => s.tool)).toEqual(['calculator']);
    const [card] = agent.pending('r1');
    expect(card?.request).toMatchObject({
      requestId: 'r1',
      tool: 'execute_command',
      risk: 'exec',
      preview: { kind: 'command', text: 'ls -la' },
      choices: ['allow_once', 'allow_conversation', 'deny'],
    });
    // The run is still waiting: nothing has answered the card for the user.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(agent.getRun('r1')?.running).toBe(true);

    expect(await agent.answer(card!.request.askId, 'allow_once')).toBe(true);
    const result = await running;
    expect(result).toMatchObject({ ok: true, value: { end: 'answered', answer: 'done' } });
    expect(consentCalls(api)).toEqual([{ askId: card!.request.askId, answer: { kind: 'allow_once' } }]);
    const run = agent.getRun('r1')!;
    expect(run).toMatchObject({ running: false, end: 'answered', error: null });
    // Timeline order: step, card (answered, still shown), then the step it allowed.
    expect(
      run.entries.map((e) =>
        e.kind === 'step' ? `step:${e.step.tool}:${e.step.status}` : `card:${e.card.state}:${e.card.answer?.kind}`,
      ),
    ).toEqual(['step:calculator:ok', 'card:answered:allow_once', 'step:execute_command:ok']);
    expect(agent.pending('r1')).toEqual([]);
  });

  it("puts the guard's reading of a command on its card", async () => {
    const command = 'echo "$(git rev-parse HEAD)" | xargs git show';
    const { agent } = setupAgent([{ ...shellCall, args: { command }, preview: commandPreview(command) }]);
    void agent.run(runRequest('r-seg'));
    await until(() => agent.pending('r-seg').length === 1);
    const [card] = agent.pending('r-seg');
    expect(card?.request.preview.segments?.map((s) => s.via ?? '')).toEqual(['command substitution', '', '', 'xargs']);
    expect(segmentList(card!.request.preview)?.rows.at(-1)).toMatchObject({
      words: ['git', 'show'],
      via: 'xargs',
      depth: 1,
    });
    await agent.stop('r-seg');
  });

  it('sends a denial with its reason, and the model is told', async () => {
    const { api, agent } = setupAgent([shellCall]);
    const running = agent.run(runRequest('r2'));
    await until(() => agent.pending('r2').length === 1);
    const askId = agent.pending('r2')[0]!.request.askId;
    expect(await agent.answer(askId, 'deny', '  not on my machine  ')).toBe(true);
    await running;
    expect(consentCalls(api)).toEqual([{ askId, answer: { kind: 'deny', reason: 'not on my machine' } }]);
    const [step] = agent.steps('r2');
    expect(step).toMatchObject({ tool: 'execute_command', status: 'denied' });
    expect(step?.output).toContain('Reason: not on my machine');
    expect(agent.getRun('r2')?.entries[0]).toMatchObject({
      kind: 'card',
      card: { state: 'answered', answer: { kind: 'deny', reason: 'not on my machine' } },
    });
  });

  it('a blank reason is no reason', async () => {
    const { api, agent } = setupAgent([shellCall]);
    const running = agent.run(runRequest('r3'));
    await until(() => agent.pending('r3').length === 1);
    await agent.answer(agent.pending('r3')[0]!.request.askId, 'deny', '   ');
    await running;
    expect(consentCalls(api)[0]).toMatchObject({ answer: { kind: 'deny' } });
    expect((consentCalls(api)[0] as { answer: object }).answer).not.toHaveProperty('reason');
  });

  it('remembers "allow for this conversation" and sends it with the next run of that conversation', async () => {
    const { api, agent } = setupAgent([shellCall]);
    const first = agent.run(runRequest('c1:1'), { conversationId: 'c1' });
    await until(() => agent.pending('c1:1').length === 1);
    await agent.answer(agent.pending('c1:1')[0]!.request.askId, 'allow_conversation');
    expect(agent.allowedIn('c1')).toEqual(['execute_command']);
    expect(await first).toMatchObject({ ok: true, value: { conversationAllowed: ['execute_command'] } });

    const second = await agent.run(runRequest('c1:2'), { conversationId: 'c1' });
    expect(second).toMatchObject({ ok: true, value: { end: 'answered' } });
    const runInputs = api.calls
      .filter((c) => c.channel === 'agent:run')
      .map((c) => (c.input as { conversationAllowed: string[] }).conversationAllowed);
    expect(runInputs).toEqual([[], ['execute_command']]);
    // Allowed already: no card this time, the step ran.
    expect(agent.getRun('c1:2')?.entries.map((e) => e.kind)).toEqual(['step']);
    // Another conversation starts from nothing.
    expect(agent.allowedIn('c2')).toEqual([]);
  });

  it('seeds a conversation from history', async () => {
    const { api, agent } = setupAgent([shellCall]);
    agent.setAllowed('old', ['execute_command']);
    await agent.run(runRequest('old:1'), { conversationId: 'old' });
    expect(api.calls.find((c) => c.channel === 'agent:run')?.input).toMatchObject({
      conversationAllowed: ['execute_command'],
    });
  });

  it('refuses choices the card does not offer: the controller always asks', async () => {
    const controller: FakeAgentAction = {
      kind: 'ask',
      tool: 'controller',
      args: { actions: [{ action: 'move', x: 1, y: 1 }] },
      result: { output: 'moved' },
    };
    const { api, agent } = setupAgent([controller]);
    const running = agent.run(runRequest('r4'), { conversationId: 'c' });
    await until(() => agent.pending('r4').length === 1);
    const card = agent.pending('r4')[0]!;
    expect(card.request.choices).toEqual(['allow_once', 'deny']);
    expect(await agent.answer(card.request.askId, 'allow_conversation')).toBe(false);
    expect(consentCalls(api)).toEqual([]);
    expect(agent.pending('r4')).toHaveLength(1);
    await agent.answer(card.request.askId, 'allow_once');
    await running;
    expect(agent.allowedIn('c')).toEqual([]);
  });

  it('closes open cards when the run is stopped, and answers to them are refused', async () => {
    const { api, agent } = setupAgent([shellCall, calculatorStep]);
    const running = agent.run(runRequest('r5'));
    await until(() => agent.pending('r5').length === 1);
    const askId = agent.pending('r5')[0]!.request.askId;
    expect(await agent.stop('r5')).toEqual({ ok: true, value: { stopped: true } });
    expect(agent.pending('r5')).toEqual([]);
    expect(await running).toMatchObject({ ok: true, value: { end: 'stopped' } });
    expect(agent.getRun('r5')).toMatchObject({
      running: false,
      end: 'stopped',
      entries: [{ kind: 'card', card: { state: 'cancelled', answer: null } }],
    });
    expect(await agent.answer(askId, 'allow_once')).toBe(false);
    expect(consentCalls(api)).toEqual([]);
  });

  it('keeps a card open, with the error, when the answer does not get through', async () => {
    const { api, agent } = setupAgent([shellCall]);
    const running = agent.run(runRequest('r6'));
    await until(() => agent.pending('r6').length === 1);
    const askId = agent.pending('r6')[0]!.request.askId;
    api.handle('agent:consent', () => ({ ok: false, error: { code: 'internal', message: 'connection lost' } }));
    expect(await agent.answer(askId, 'allow_once')).toBe(false);
    expect(agent.pending('r6')).toMatchObject([{ state: 'pending', error: { message: 'connection lost' } }]);
    // A second try while the first is on its way is ignored, so one click is one answer.
    let release: (() => void) | null = null;
    api.handle(
      'agent:consent',
      () => new Promise((resolve) => (release = () => resolve({ ok: true, value: { accepted: false } }))),
    );
    const sending = agent.answer(askId, 'allow_once');
    expect(agent.pending('r6')[0]).toMatchObject({ state: 'sending', error: null });
    expect(await agent.answer(askId, 'deny')).toBe(false);
    release!();
    // accepted: false: the core no longer waits for it.
    expect(await sending).toBe(false);
    expect(agent.getRun('r6')?.entries[0]).toMatchObject({ kind: 'card', card: { state: 'cancelled' } });
    await agent.stop('r6');
    await running;
  });
});

describe('saved runs and consent', () => {
  it('reopening a conversation shows its saved steps but never restores consent from the file', async () => {
    const { showSavedRuns } = await import('../chat/saved-conversation');
    const api = createMemoryPlatform();
    const agent = createAgentStore(api);
    const saved = {
      id: 'a1',
      parentId: 'q1',
      role: 'assistant' as const,
      content: 'done',
      status: 'complete' as const,
      createdAt: 1,
      updatedAt: 1,
      // What an imported (or older) file may carry.
      extra: {
        agent: { end: 'answered', steps: [], conversationAllowed: ['execute_command', 'write_file', 'edit_file'] },
      },
    };
    showSavedRuns(agent, 'c-imported', [saved]);
    expect(agent.allowedIn('c-imported')).toEqual([]);
  });
});

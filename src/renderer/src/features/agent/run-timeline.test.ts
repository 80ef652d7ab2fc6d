import { describe, expect, it } from 'vitest';
import type { AgentStep, ConsentRequest } from '@shared/tools/agent/agent-types';
import { addCard, addStep, newRun, updateCard } from './agent-runs';
import { liveTurnText, runTimeline, showsTurn } from './run-timeline';

const request = (askId: string, turn: number, said?: string): ConsentRequest => ({
  requestId: 'run',
  askId,
  tool: 'write_file',
  risk: 'write',
  args: { path: 'a.txt' },
  preview: { kind: 'none', text: '' },
  choices: ['allow_once', 'deny'],
  turn,
  ...(said ? { said } : {}),
});
const step = (index: number, turn: number, extra: Partial<AgentStep> = {}): AgentStep => ({
  index,
  kind: 'tool',
  tool: 'write_file',
  args: {},
  status: 'ok',
  output: 'ok',
  durationMs: 1,
  turn,
  ...extra,
});

describe('run timeline', () => {
  it('the text before a call is shown above its waiting card', () => {
    const run = addCard(newRun('run', 'c', []), request('q1', 0, 'Let me save that.'));
    expect(runTimeline(run).map((item) => item.kind)).toEqual(['said', 'card']);
    expect(runTimeline(run)[0]).toEqual({ kind: 'said', turn: 0, text: 'Let me save that.' });
    expect(showsTurn(runTimeline(run), 0)).toBe(true);
    expect(showsTurn(runTimeline(run), 1)).toBe(false);
  });

  it('once the call is done it shows once, as its step, keeping the text above it and the answer that let it run', () => {
    let run = addCard(newRun('run', 'c', []), request('q1', 0, 'Let me save that.'));
    run = updateCard(run, 'q1', (card) => ({ ...card, state: 'answered', answer: { kind: 'allow_once' } }));
    run = addStep(run, step(0, 0, { said: 'Let me save that.', askId: 'q1' }));
    const items = runTimeline(run);
    expect(items.map((item) => item.kind)).toEqual(['said', 'step']);
    expect(items[1]).toMatchObject({ kind: 'step', card: { answer: { kind: 'allow_once' } } });
  });

  it('a turn is said once however many calls it made; a turn with nothing said adds no text', () => {
    let run = addStep(newRun('run', 'c', []), step(0, 0, { said: 'Two things.' }));
    run = addStep(run, step(1, 0));
    run = addStep(run, step(2, 1));
    run = addCard(run, request('q1', 2));
    expect(runTimeline(run).map((item) => item.kind)).toEqual(['said', 'step', 'step', 'step', 'card']);
  });

  it('a saved run (steps only, no cards) reads the same', () => {
    const run = addStep(newRun('saved', 'c', []), step(0, 0, { said: 'Checking.', askId: 'gone' }));
    expect(runTimeline(run)).toEqual([
      { kind: 'said', turn: 0, text: 'Checking.' },
      { kind: 'step', step: step(0, 0, { said: 'Checking.', askId: 'gone' }), card: null },
    ]);
  });

  it('steps saved before turns were recorded still show, with no text', () => {
    const old: AgentStep = {
      index: 0,
      kind: 'tool',
      tool: 'calculator',
      args: {},
      status: 'ok',
      output: '2',
      durationMs: 1,
    };
    const run = addStep(newRun('saved', 'c', []), old);
    expect(runTimeline(run)).toEqual([{ kind: 'step', step: old, card: null }]);
  });

  it('the live text of a turn shows in the answer until the run shows it above its call', () => {
    const run = newRun('run', 'c', []);
    expect(liveTurnText(run, 'run:0', 'Let me save that.\n<tool_call>{"name"')).toBe('Let me save that.');
    const asked = addCard(run, request('q1', 0, 'Let me save that.'));
    expect(liveTurnText(asked, 'run:0', 'Let me save that.<tool_call>{}</tool_call>')).toBe('');
    // The next turn streams into the answer again.
    expect(liveTurnText(asked, 'run:1', 'All done.')).toBe('All done.');
    expect(liveTurnText(null, null, 'plain')).toBe('plain');
  });
});

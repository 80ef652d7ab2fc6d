import { describe, expect, it } from 'vitest';
import {
  conversationFor,
  entrantName,
  listedOrder,
  newRun,
  pendingTurns,
  repeatEntrants,
  runTitle,
  settledAfterStop,
  shuffledOrder,
  withAnswer,
  withFollowUp,
  withVote,
} from './compare-run';
import type { CompareRun } from './compare-types';
import { isHidden, summaryOf, viewOf } from './compare-view';

const schedule = {
  mode: 'parallel' as const,
  reason: 'fits' as const,
  neededBytes: 10,
  freeBytes: 100,
  estimates: [
    { columnId: 'a', bytes: 5 },
    { columnId: 'b', bytes: 5 },
  ],
  tooLarge: [],
};
const settings = {
  systemPrompt: 'Be brief.',
  sampling: { temperature: 0 },
  contextSize: 512,
  blind: false,
  oneAfterAnother: false,
};

function run(overrides: Partial<Parameters<typeof newRun>[0]> = {}): CompareRun {
  return newRun({
    id: 'r1',
    now: 1000,
    entrants: [
      { kind: 'file', path: '/models/qwen-q4_k_m.gguf' },
      { kind: 'pool', id: 'llama-8b' },
    ],
    prompts: ['First question?'],
    settings,
    schedule,
    order: listedOrder(2),
    ...overrides,
  });
}

const answered = (current: CompareRun, columnId: string, turn: number, content: string) =>
  withAnswer(current, columnId, turn, (answer) => ({ ...answer, status: 'done', content }), 2000);

describe('compare runs', () => {
  it('names a column after its file (without .gguf, either slash) or the pool id', () => {
    expect(entrantName({ kind: 'file', path: '/m/Qwen2.5-Q4_K_M.GGUF' })).toBe('Qwen2.5-Q4_K_M');
    expect(entrantName({ kind: 'file', path: 'C:\\models\\phi.gguf' })).toBe('phi');
    expect(entrantName({ kind: 'pool', id: 'alpha-2' })).toBe('alpha-2');
  });

  it('starts with every answer waiting, columns lettered in the order given, titled by the first prompt', () => {
    const fresh = run({ prompts: ['  What   is\n a river? ', 'Second'] });
    expect(fresh.columns.map((column) => [column.id, column.name])).toEqual([
      ['a', 'qwen-q4_k_m'],
      ['b', 'llama-8b'],
    ]);
    expect(fresh.turns).toEqual([
      { prompt: '  What   is\n a river? ', followUp: false },
      { prompt: 'Second', followUp: false },
    ]);
    expect(fresh.title).toBe('What is a river?');
    expect(fresh.columns[0]!.answers.map((answer) => answer.status)).toEqual(['waiting', 'waiting']);
    expect(pendingTurns(fresh.columns[0]!)).toEqual([0, 1]);
    expect(runTitle('x'.repeat(100))).toHaveLength(80);
  });

  it('blind columns take the models in a shuffled order', () => {
    expect(shuffledOrder(4, () => 0)).toEqual([1, 2, 3, 0]);
    expect(shuffledOrder(4, () => 0.999).sort()).toEqual([0, 1, 2, 3]);
    const shuffled = run({ order: [1, 0] });
    expect(shuffled.columns.map((column) => column.name)).toEqual(['llama-8b', 'qwen-q4_k_m']);
  });

  it('sends each column its own conversation back to the turn asked afresh', () => {
    let current = run({ prompts: ['One', 'Two'] });
    current = answered(current, 'a', 0, 'a-one');
    current = answered(current, 'b', 0, 'b-one');
    current = answered(current, 'a', 1, 'a-two');
    current = answered(current, 'b', 1, 'b-two');
    current = withFollowUp(current, 'Three', 3000);
    expect(current.turns.at(-1)).toEqual({ prompt: 'Three', followUp: true });
    expect(pendingTurns(current.columns[1]!)).toEqual([2]);
    // Turn two was asked afresh: the follow-up continues it, not turn one.
    expect(conversationFor(current, current.columns[1]!, 2)).toEqual([
      { role: 'user', content: 'Two' },
      { role: 'assistant', content: 'b-two' },
      { role: 'user', content: 'Three' },
    ]);
    expect(conversationFor(current, current.columns[0]!, 0)).toEqual([{ role: 'user', content: 'One' }]);
  });

  it('keeps one vote a turn; a vote in blind mode shows the models', () => {
    let blind = run({ settings: { ...settings, blind: true } });
    expect(isHidden(blind)).toBe(true);
    const view = viewOf(answered(blind, 'a', 0, 'x'));
    expect(view.columns.map((column) => [column.entrant, column.name])).toEqual([
      [null, null],
      [null, null],
    ]);
    expect(view.schedule.estimates).toEqual([]);
    expect(summaryOf(blind).models).toEqual([null, null]);
    blind = withVote(blind, 0, 'b', 5);
    blind = withVote(blind, 0, 'a', 6);
    expect(blind.votes).toEqual([{ turn: 0, columnId: 'a', at: 6 }]);
    expect(blind.revealed).toBe(true);
    expect(viewOf(blind).columns[1]!.name).toBe('llama-8b');
    expect(summaryOf(blind)).toMatchObject({ models: ['qwen-q4_k_m', 'llama-8b'], votes: 1, hidden: false });
  });

  it('a run read back after EVA stopped mid-answer is stopped, what arrived kept', () => {
    let current = { ...run({ prompts: ['One', 'Two'] }), running: true };
    current = answered(current, 'a', 0, 'done');
    current = withAnswer(current, 'b', 0, (answer) => ({ ...answer, status: 'streaming', content: 'half' }), 1);
    const settled = settledAfterStop(current);
    expect(settled.running).toBe(false);
    expect(settled.columns.map((column) => column.answers.map((answer) => [answer.status, answer.content]))).toEqual([
      [
        ['done', 'done'],
        ['stopped', ''],
      ],
      [
        ['stopped', 'half'],
        ['stopped', ''],
      ],
    ]);
    const idle = answered(answered(run(), 'a', 0, 'x'), 'b', 0, 'y');
    expect(settledAfterStop(idle)).toBe(idle);
  });

  it('a repeat keeps the columns and swaps one model', () => {
    expect(repeatEntrants(run(), { columnId: 'a', entrant: { kind: 'file', path: '/models/qwen-q8_0.gguf' } })).toEqual(
      [
        { kind: 'file', path: '/models/qwen-q8_0.gguf' },
        { kind: 'pool', id: 'llama-8b' },
      ],
    );
    expect(repeatEntrants(run(), null)).toEqual(run().columns.map((column) => column.entrant));
  });
});

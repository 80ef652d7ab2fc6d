import { describe, expect, it } from 'vitest';
import { savedRun } from './agent-answer';

describe('a saved agent run', () => {
  it('comes back with its steps, the words before each call and the answer given on its card', () => {
    const step = { index: 0, kind: 'tool', tool: 'write_file', args: {}, status: 'ok', output: 'ok', durationMs: 2, turn: 0, said: 'Saving it.', askId: 'q1', consent: 'allow_once' };
    expect(savedRun({ extra: { agent: { end: 'answered', steps: [step] } } })).toEqual({ end: 'answered', steps: [step], protocol: undefined });
  });

  it('an imported file with odd values in those fields shows the step without them, and drops what is not a step', () => {
    const odd = { index: 0, kind: 'tool', tool: 'x', args: {}, status: 'ok', output: '', durationMs: 0, turn: 'one', said: { html: '<b>' }, askId: 7, consent: 'allow_forever' };
    const run = savedRun({ extra: { agent: { end: 'answered', steps: [odd, 'not a step', null] } } });
    expect(run?.steps).toEqual([{ index: 0, kind: 'tool', tool: 'x', args: {}, status: 'ok', output: '', durationMs: 0 }]);
  });

  it('a plain answer has none', () => {
    expect(savedRun({})).toBeNull();
    expect(savedRun({ extra: { agent: 'yes' } })).toBeNull();
  });
});

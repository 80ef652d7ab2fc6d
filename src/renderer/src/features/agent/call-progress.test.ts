import { describe, expect, it } from 'vitest';
import type { AgentProgress } from '@shared/tools/agent/agent-progress';
import { addStep, newRun } from './agent-runs';
import { liveProgress, progressFraction, progressNumber } from './call-progress';

const update: AgentProgress = { requestId: 'r1', stepIndex: 1, tool: 'ev@slow', progress: 3, total: 4 };

describe('call progress', () => {
  it('shows the running call’s latest update until its step arrives or the run ends', () => {
    let run = newRun('r1', null, []);
    run = addStep(run, {
      index: 0,
      kind: 'tool',
      tool: 'calculator',
      args: {},
      status: 'ok',
      output: '5',
      durationMs: 1,
    });
    expect(liveProgress(update, run)).toBe(update);
    expect(liveProgress({ ...update, requestId: 'r2' }, run)).toBeNull();
    expect(
      liveProgress(
        update,
        addStep(run, { index: 1, kind: 'tool', tool: 'ev@slow', args: {}, status: 'ok', output: '', durationMs: 1 }),
      ),
    ).toBeNull();
    expect(liveProgress(update, { ...run, running: false })).toBeNull();
    expect(liveProgress(null, run)).toBeNull();
  });

  it('makes a bar only when the total is known', () => {
    expect(progressFraction(update)).toBe(0.75);
    expect(progressFraction({ progress: 9, total: 4 })).toBe(1);
    expect(progressFraction({ progress: 3 })).toBeNull();
    expect(progressFraction({ progress: 3, total: 0 })).toBeNull();
    expect([progressNumber(3), progressNumber(0.5), progressNumber(1 / 3)]).toEqual(['3', '0.5', '0.33']);
  });
});

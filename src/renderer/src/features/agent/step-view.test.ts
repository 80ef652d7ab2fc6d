import { describe, expect, it } from 'vitest';
import type { AgentStep } from '@shared/tools/agent/agent-types';
import { argsSummary, formatDuration, stepStatus, stepTone } from './step-view';

const step = (patch: Partial<AgentStep>): AgentStep => ({
  index: 0,
  kind: 'tool',
  tool: 'calculator',
  args: {},
  status: 'ok',
  output: '',
  durationMs: 0,
  ...patch,
});

describe('step view', () => {
  it('gives the loop nudge its own status and tones', () => {
    expect(stepStatus(step({ kind: 'warning', tool: null, args: null, status: 'rejected' }))).toBe('warning');
    expect(stepStatus(step({ kind: 'invalid', status: 'rejected' }))).toBe('rejected');
    expect(stepStatus(step({ status: 'denied' }))).toBe('denied');
    expect([
      stepTone('ok'),
      stepTone('error'),
      stepTone('timeout'),
      stepTone('denied'),
      stepTone('rejected'),
      stepTone('warning'),
      stepTone('stopped'),
    ]).toEqual(['ok', 'err', 'err', 'warn', 'err', 'warn', 'muted']);
  });

  it('summarises arguments by the one a person recognises', () => {
    expect(argsSummary({ command: 'ls\n  -la', timeout_seconds: 5 })).toBe('ls -la');
    expect(argsSummary({ path: 'src/a.ts', content: 'x' })).toBe('src/a.ts');
    expect(argsSummary({ actions: [{ action: 'move', x: 1 }] })).toBe('{"actions":[{"action":"move","x":1}]}');
    expect(argsSummary({})).toBe('');
    expect(argsSummary(null)).toBe('');
    expect(argsSummary({ command: 'y'.repeat(100) }, 10)).toBe(`${'y'.repeat(9)}…`);
  });

  it('formats durations, and none for steps that never ran', () => {
    expect(formatDuration(0)).toBe('');
    expect(formatDuration(37.4)).toBe('37 ms');
    expect(formatDuration(1234)).toBe('1.2 s');
    expect(formatDuration(Number.NaN)).toBe('');
  });
});

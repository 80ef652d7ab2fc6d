import { describe, expect, it } from 'vitest';
import type { WorkshopProgress } from '@shared/workshop/workshop-types';
import { progressPacer, type PacerTimers } from './progress-pacer';

function clock() {
  let now = 0;
  const due = new Map<number, { at: number; run: () => void }>();
  let next = 0;
  const timers: PacerTimers = {
    now: () => now,
    setTimeout: (run, ms) => {
      due.set(++next, { at: now + ms, run });
      return next;
    },
    clearTimeout: (handle) => void due.delete(handle as number),
  };
  const advance = (ms: number) => {
    now += ms;
    for (const [id, entry] of [...due]) {
      if (entry.at > now) continue;
      due.delete(id);
      entry.run();
    }
  };
  return { timers, advance };
}

const at = (done: number, phase: WorkshopProgress['phase'] = 'quantize'): WorkshopProgress => ({
  jobId: 'j',
  phase,
  done,
  total: 100,
  tensor: `t${done}`,
});

describe('progressPacer', () => {
  it('sends the first at once, holds a burst to its newest, and sends that at the end of the interval', () => {
    const { timers, advance } = clock();
    const sent: number[] = [];
    const pacer = progressPacer((p) => sent.push(p.done), 100, timers);
    pacer.push(at(1));
    for (let done = 2; done <= 30; done++) {
      advance(2);
      pacer.push(at(done));
    }
    expect(sent).toEqual([1]);
    advance(50);
    expect(sent).toEqual([1, 30]);
    advance(500);
    pacer.push(at(31));
    expect(sent).toEqual([1, 30, 31]);
  });

  it('never holds back a phase change or what is left at the end', () => {
    const { timers, advance } = clock();
    const sent: string[] = [];
    const pacer = progressPacer((p) => sent.push(`${p.phase}:${p.done}`), 100, timers);
    pacer.push(at(3, 'imatrix'));
    advance(1);
    pacer.push(at(0));
    advance(1);
    pacer.push(at(7));
    pacer.flush();
    expect(sent).toEqual(['imatrix:3', 'quantize:0', 'quantize:7']);
    advance(1000);
    expect(sent).toHaveLength(3);
  });
});

// lifecycle.*: the no-orphan figures with the real built host, the same
// trials as src/main/host/no-orphan.slow.test.ts (Linux: read from /proc).
import { runKillTrials, runNpmSignalTrials } from '@test-support/lifecycle-trials';
import type { Benchmark } from './types';

const TRIALS = Number(process.env.EVA_LIFECYCLE_TRIALS ?? 20);

export const lifecycleBenchmarks: Benchmark[] = [
  {
    names: ['lifecycle.survivors_after_kill', 'lifecycle.survivors_after_next_start'],
    async run() {
      const trials = await runKillTrials(TRIALS);
      const started = trials.map((t) => t.started);
      return [
        {
          bench: 'lifecycle.survivors_after_kill',
          value: trials.reduce((n, t) => n + t.survivorsAfterKill.length, 0),
          unit: 'processes',
          goal: '0',
          trials: trials.length,
          startedPerTrial: started,
          gone_ms_worst: Math.max(...trials.map((t) => t.goneMs)),
          survivors: trials.flatMap((t) => t.survivorsAfterKill),
        },
        {
          bench: 'lifecycle.survivors_after_next_start',
          value: trials.reduce((n, t) => n + t.survivorsAfterNextStart.length, 0),
          unit: 'processes',
          goal: '0',
          trials: trials.length,
          survivors: trials.flatMap((t) => t.survivorsAfterNextStart),
        },
      ];
    },
  },
  {
    names: ['lifecycle.npm_signal_stop_ms'],
    async run() {
      const trials = await runNpmSignalTrials(TRIALS);
      const stopped = trials.map((t) => t.stoppedMs);
      return [
        {
          bench: 'lifecycle.npm_signal_stop_ms',
          value: Math.max(...stopped),
          unit: 'ms (worst of the trials: signal to npm → every process it had started gone)',
          goal: '< 10000, 0 survivors',
          trials: trials.length,
          signals: trials.map((t) => t.signal),
          stoppedMs: stopped,
          npmExitMs: trials.map((t) => t.exitMs),
          survivors: trials.flatMap((t) => t.survivors),
        },
      ];
    },
  },
];

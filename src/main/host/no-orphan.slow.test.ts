// With the real built host: nothing EVA starts outlives it.
// 20 SIGKILLs of the host at random moments (model loaded in llama-server, a
// warm tool worker, an MCP stdio server, an answer streaming): nothing left 5 s
// later (watched until the last is gone), nothing left once the next start is ready. 20 SIGTERM/SIGINTs sent to
// npm's pid alone under `npm run serve`: npm exits within 10 s, nothing left.
// Linux only: the trials read what is running from /proc.
import { describe, expect, it } from 'vitest';
import { runKillTrials, runNpmSignalTrials } from '@test-support/lifecycle-trials';

const TRIALS = Number(process.env.EVA_LIFECYCLE_TRIALS ?? 20);

describe.runIf(process.platform === 'linux')('no orphan (Linux: processes are read from /proc)', () => {
  it(`${TRIALS} SIGKILLs of the host leave nothing running, 5 s after the kill and after the next start`, async () => {
    const trials = await runKillTrials(TRIALS);
    console.log(
      JSON.stringify({
        killTrials: trials.length,
        started: trials.map((t) => t.started),
        goneMs: trials.map((t) => t.goneMs),
        survivorsAfterKill: trials.flatMap((t) => t.survivorsAfterKill),
        survivorsAfterNextStart: trials.flatMap((t) => t.survivorsAfterNextStart),
      }),
    );
    expect(trials).toHaveLength(TRIALS);
    // llama-server, the tool worker, the MCP server and the guardian at least.
    for (const trial of trials) expect(trial.started).toBeGreaterThanOrEqual(4);
    expect(trials.flatMap((t) => t.survivorsAfterKill)).toEqual([]);
    expect(trials.flatMap((t) => t.survivorsAfterNextStart)).toEqual([]);
  }, 600_000);

  // How long the stop takes is lifecycle.npm_signal_stop_ms in `npm run bench`; a trial gives up (Infinity) after 10 s.
  it(`${TRIALS} SIGTERM/SIGINTs to npm's pid alone stop everything`, async () => {
    const trials = await runNpmSignalTrials(TRIALS);
    console.log(
      JSON.stringify({
        signalTrials: trials.length,
        exitMs: trials.map((t) => t.exitMs),
        stoppedMs: trials.map((t) => t.stoppedMs),
        survivors: trials.flatMap((t) => t.survivors),
      }),
    );
    expect(trials).toHaveLength(TRIALS);
    for (const trial of trials) {
      expect(trial.started).toBeGreaterThanOrEqual(5);
      expect(trial.exitMs).not.toBe(Infinity);
      expect(trial.stoppedMs).not.toBe(Infinity);
    }
    expect(trials.flatMap((t) => t.survivors)).toEqual([]);
  }, 600_000);
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { cutByStop, StopRecord } from './stop-record';

describe('StopRecord', () => {
  afterEach(() => vi.useRealTimers());

  it('answers a stop at or after the time asked about, and none before it', async () => {
    let now = 1000;
    const stops = new StopRecord(() => now);
    stops.record({ how: 'killed by SIGKILL', restarting: true });
    expect(await stops.since(1000, 0)).toEqual({ how: 'killed by SIGKILL', restarting: true });
    expect(await stops.since(1001, 0)).toBeNull();
    now = 2000;
    stops.record({ how: 'exited with code 1', restarting: false });
    expect(await stops.since(1500, 0)).toEqual({ how: 'exited with code 1', restarting: false });
  });

  it('waits for an exit seen after the cut connection, up to the time given', async () => {
    vi.useFakeTimers();
    const stops = new StopRecord(() => Date.now());
    const asked = stops.since(Date.now(), 1000);
    await vi.advanceTimersByTimeAsync(60);
    stops.record({ how: 'killed by SIGKILL', restarting: true });
    expect(await asked).toEqual({ how: 'killed by SIGKILL', restarting: true });
    let answer: unknown = 'waiting';
    const unanswered = new StopRecord(() => Date.now()).since(Date.now(), 80).then((stop) => (answer = stop));
    await vi.advanceTimersByTimeAsync(79);
    expect(answer).toBe('waiting');
    await vi.advanceTimersByTimeAsync(1);
    await unanswered;
    expect(answer).toBeNull();
  });

  it('words a cut answer by whether the server comes back', () => {
    expect(
      cutByStop({ how: 'RPC worker 127.0.0.1:41000 stopped unexpectedly (killed by SIGKILL)', restarting: true }),
    ).toBe(
      'llama-server stopped while answering (RPC worker 127.0.0.1:41000 stopped unexpectedly (killed by SIGKILL)); it is being started again: retry once it is ready',
    );
    expect(cutByStop({ how: 'killed by SIGKILL', restarting: false })).toContain(
      'it was not started again: reload the model to go on',
    );
  });
});

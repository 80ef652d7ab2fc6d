import { describe, expect, it } from 'vitest';
import { cutByStop, StopRecord } from './stop-record';

describe('StopRecord', () => {
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
    const stops = new StopRecord();
    const since = Date.now();
    const asked = stops.since(since, 1000);
    setTimeout(() => stops.record({ how: 'killed by SIGKILL', restarting: true }), 60);
    expect(await asked).toEqual({ how: 'killed by SIGKILL', restarting: true });
    const started = Date.now();
    expect(await new StopRecord().since(started, 80)).toBeNull();
    expect(Date.now() - started).toBeGreaterThanOrEqual(75);
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

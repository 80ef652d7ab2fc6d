import { describe, expect, it } from 'vitest';
import { mapInFlight } from './map-in-flight';

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe('mapInFlight', () => {
  it('keeps at most `limit` calls running and returns results in index order', async () => {
    let running = 0;
    let most = 0;
    const results = await mapInFlight(7, 2, async (i) => {
      running++;
      most = Math.max(most, running);
      // Later calls finish first: the order must come from the index, not the finish.
      await new Promise((resolve) => setTimeout(resolve, (7 - i) * 2));
      running--;
      return i * 10;
    });
    expect(results).toEqual([0, 10, 20, 30, 40, 50, 60]);
    expect(most).toBe(2);
  });

  it('starts nothing after a failure, lets the running call settle, and throws the first failure', async () => {
    const started: number[] = [];
    let settled = 0;
    const outcome = mapInFlight(10, 2, async (i) => {
      started.push(i);
      await tick();
      if (i === 1) throw new Error('batch 1 refused');
      await tick();
      if (i === 2) throw new Error('a later failure');
      settled++;
      return i;
    });
    await expect(outcome).rejects.toThrow('batch 1 refused');
    expect(started).toEqual([0, 1]);
    expect(settled).toBe(1);
  });

  it('handles no work and a limit above the count', async () => {
    expect(await mapInFlight(0, 2, async () => 1)).toEqual([]);
    expect(await mapInFlight(1, 4, async (i) => i + 1)).toEqual([1]);
  });
});

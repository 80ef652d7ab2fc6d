import { describe, expect, it } from 'vitest';
import { RequestQueue } from './request-queue';

describe('the Local API request queue', () => {
  it('runs up to the limit, queues up to the queue limit and refuses the next', async () => {
    const queue = new RequestQueue({ limit: 1, queueLimit: 1 });
    const first = await queue.acquire();
    const second = queue.acquire();
    expect(first).toBeTypeOf('function');
    expect(second).not.toBeNull();
    expect(queue.acquire()).toBeNull();
    expect(queue.figures()).toEqual({ inFlight: 1, queued: 1, limit: 1 });
    first!();
    const next = await second!;
    expect(next).toBeTypeOf('function');
    expect(queue.figures()).toEqual({ inFlight: 1, queued: 0, limit: 1 });
  });

  it('gives a place up when its client leaves while waiting', async () => {
    const queue = new RequestQueue({ limit: 1, queueLimit: 2 });
    const first = await queue.acquire();
    const left = new AbortController();
    const waiting = queue.acquire(left.signal)!;
    left.abort();
    expect(await waiting).toBeNull();
    expect(queue.figures().queued).toBe(0);
    first!();
    expect(queue.figures().inFlight).toBe(0);
  });

  it("always lets one request run, even when every slot is the user's", async () => {
    const queue = new RequestQueue({ limit: 0, queueLimit: 0 });
    expect(await queue.acquire()).toBeTypeOf('function');
  });
});

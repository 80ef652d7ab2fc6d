import { describe, expect, it } from 'vitest';
import type { StreamEvent } from '@shared/chat/types';
import { abortableSleep, retriableStatus, withRetry } from './retry-stream';

const httpError = (status: number): StreamEvent => ({
  type: 'error',
  error: { code: 'http_error', message: `HTTP ${status}`, details: { status } },
});

async function collect(events: AsyncIterable<StreamEvent>): Promise<StreamEvent[]> {
  const out: StreamEvent[] = [];
  for await (const event of events) out.push(event);
  return out;
}

function scripted(attempts: StreamEvent[][]) {
  let started = 0;
  return {
    start: () =>
      (async function* () {
        yield* attempts[Math.min(started++, attempts.length - 1)]!;
      })(),
    started: () => started,
  };
}

describe('retry with backoff', () => {
  it('asks again after 429 and 503, pausing longer each time, and says so', async () => {
    const script = scripted([[httpError(429)], [httpError(503)], [{ type: 'content', text: 'hi' }, { type: 'done' }]]);
    const waits: number[] = [];
    const told: unknown[] = [];
    const events = await collect(
      withRetry(
        script.start,
        { delaysMs: [10, 20, 40] },
        { sleep: async (ms) => void waits.push(ms), onRetry: (info) => told.push(info) },
      ),
    );
    expect(events).toEqual([{ type: 'content', text: 'hi' }, { type: 'done' }]);
    expect(waits).toEqual([10, 20]);
    expect(told).toEqual([
      { status: 429, attempt: 1, of: 3, delayMs: 10 },
      { status: 503, attempt: 2, of: 3, delayMs: 20 },
    ]);
  });

  it('gives the last error when the retries run out, and never retries 401 or a stream that had begun', async () => {
    const always = scripted([[httpError(429)]]);
    expect(
      await collect(withRetry(always.start, { delaysMs: [1, 1] }, { sleep: async () => {}, onRetry: () => {} })),
    ).toEqual([httpError(429)]);
    expect(always.started()).toBe(3);
    const refused = scripted([[httpError(401)]]);
    expect(
      await collect(withRetry(refused.start, { delaysMs: [1] }, { sleep: async () => {}, onRetry: () => {} })),
    ).toEqual([httpError(401)]);
    expect(refused.started()).toBe(1);
    expect(retriableStatus({ type: 'content', text: 'x' })).toBeNull();
    expect(retriableStatus(httpError(500))).toBeNull();
  });

  // The pause is a minute, twice the test's timeout: only the Stop can end it in time.
  it('a Stop during the pause ends it at once, stopped', async () => {
    const controller = new AbortController();
    const script = scripted([[httpError(429)]]);
    const stopWhilePausing = () => void setImmediate(() => controller.abort());
    const events = await collect(
      withRetry(
        script.start,
        { delaysMs: [60_000] },
        { sleep: abortableSleep, onRetry: stopWhilePausing },
        controller.signal,
      ),
    );
    expect(events).toEqual([{ type: 'stopped' }]);
  });
});

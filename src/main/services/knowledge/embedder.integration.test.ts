// The embedder's first start when several callers need it at once (two ingest
// lanes, a query beside an ingest): one start, which they all wait for; a
// second start would supersede the first and fail its caller.
import { afterEach, describe, expect, it } from 'vitest';
import { makeEmbedderHarness } from '@test-support/knowledge/embedder-harness';

const harnesses: ReturnType<typeof makeEmbedderHarness>[] = [];
afterEach(async () => {
  for (const h of harnesses.splice(0)) await h.dispose();
});

describe('Embedder.ready', () => {
  it('starts the local server once for callers that come while it starts', async () => {
    const h = makeEmbedderHarness();
    harnesses.push(h);
    const signal = AbortSignal.timeout(30_000);
    const [a, b, c] = await Promise.all([h.embedder.ready(signal), h.embedder.ready(signal), h.embedder.ready(signal)]);
    expect(b.endpoint).toEqual(a.endpoint);
    expect(c.endpoint).toEqual(a.endpoint);
    expect(h.registry.pids()).toHaveLength(1);
  });
});

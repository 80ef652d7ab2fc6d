// Part 1 of the knowledge base against the real llama-server in embedding mode
// on the tiny test model: started by its own BackendManager, /v1/embeddings
// answers vectors, the Test action, a crash restart, and nothing left behind.
import { afterEach, describe, expect, it } from 'vitest';
import { makeEmbedderHarness } from '@test-support/knowledge/embedder-harness';
import { isAlive } from '../process/kill-tree';
import { embedTexts, tokenizeBytes } from './embedding-client';

const harnesses: ReturnType<typeof makeEmbedderHarness>[] = [];
afterEach(async () => {
  for (const h of harnesses.splice(0)) await h.dispose();
});

function harness() {
  const h = makeEmbedderHarness();
  harnesses.push(h);
  return h;
}

async function until(check: () => boolean, timeoutMs = 20_000): Promise<void> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('the embedding server (real llama-server --embedding, tiny model)', () => {
  it('starts on its own port with --embedding and mean pooling, and /v1/embeddings returns deterministic vectors', async () => {
    const { embedder, server, statuses } = harness();
    const ready = await embedder.ready(AbortSignal.timeout(30_000));
    expect(server.status()).toMatchObject({ kind: 'local', state: 'ready' });
    expect(ready.endpoint.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(server.logLines().some((line) => line.includes('--embedding') && line.includes('--pooling mean'))).toBe(
      true,
    );
    expect(statuses.map((s) => s.state)).toContain('starting');

    const [a, b, again] = await embedTexts(ready.endpoint, ['hello world', 'a different sentence', 'hello world']);
    expect(a).toHaveLength(64);
    expect(b).toHaveLength(64);
    expect(again).toEqual(a);
    expect(a).not.toEqual(b);
    // The server's tokenizer cuts passages: its pieces add up to the text's bytes.
    const bytes = await tokenizeBytes(ready.endpoint, 'Hello 猫 world');
    expect(bytes.reduce((s, n) => s + n, 0)).toBe(Buffer.byteLength('Hello 猫 world'));
  });

  it('the Test action gives the dimension and the similarity of two sample texts', async () => {
    const { embedder } = harness();
    const result = await embedder.test(AbortSignal.timeout(30_000));
    expect(result.dimension).toBe(64);
    expect(result.similarity).toBeGreaterThan(-1);
    expect(result.similarity).toBeLessThan(1);
    expect(result.texts).toHaveLength(2);
  });

  it('restarts after a crash and the waiting caller gets the server back; stop leaves no process', async () => {
    const { embedder, server } = harness();
    await embedder.ready(AbortSignal.timeout(30_000));
    const first = server.pid()!;
    process.kill(first, 'SIGKILL');
    await until(() => server.status().state === 'starting');
    // A caller during the backoff waits for the restarted server instead of failing.
    const back = await embedder.ready(AbortSignal.timeout(30_000));
    expect(server.status()).toMatchObject({ state: 'ready', restarts: 1 });
    const second = server.pid()!;
    expect(second).not.toBe(first);
    expect((await embedTexts(back.endpoint, ['after the crash']))[0]).toHaveLength(64);
    await embedder.stop();
    expect(isAlive(second)).toBe(false);
    expect(server.status().state).toBe('stopped');
  });
});

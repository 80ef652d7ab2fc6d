// The repeat's rules, over a fetch that fails as Node's does: a dropped kept-alive
// connection is asked once more; a refused connection, a second drop, or a request
// its caller aborted is not. (router-client.test.ts shows the real socket case.)
import { describe, expect, it } from 'vitest';
import { droppedConnection, onceMoreOnDroppedConnection } from './dropped-connection';

const fetchFailure = (code: string): TypeError =>
  new TypeError('fetch failed', {
    cause: Object.assign(new Error(code === 'UND_ERR_SOCKET' ? 'other side closed' : code), { code }),
  });

/** A fetch that fails with each of `failures` in turn, then answers 200. */
function scripted(...failures: (TypeError | null)[]): { fetcher: typeof fetch; calls: () => number } {
  let calls = 0;
  const fetcher = (async () => {
    const failure = failures[calls++];
    if (failure) throw failure;
    return new Response('{"ok":true}');
  }) as unknown as typeof fetch;
  return { fetcher, calls: () => calls };
}

describe('onceMoreOnDroppedConnection', () => {
  it('asks once more after a dropped connection, and gives the answer', async () => {
    const { fetcher, calls } = scripted(fetchFailure('UND_ERR_SOCKET'));
    expect(
      await (await onceMoreOnDroppedConnection(fetcher)('http://x/a', { method: 'POST', body: '{}' })).json(),
    ).toEqual({ ok: true });
    expect(calls()).toBe(2);
  });

  it('only once: a second drop is the failure', async () => {
    const { fetcher, calls } = scripted(fetchFailure('ECONNRESET'), fetchFailure('UND_ERR_SOCKET'));
    await expect(onceMoreOnDroppedConnection(fetcher)('http://x/a', { method: 'POST' })).rejects.toThrow(
      'fetch failed',
    );
    expect(calls()).toBe(2);
  });

  it('not a refused connection, nor a request its caller aborted', async () => {
    const refused = scripted(fetchFailure('ECONNREFUSED'));
    await expect(onceMoreOnDroppedConnection(refused.fetcher)('http://x/a', { method: 'POST' })).rejects.toThrow(
      'fetch failed',
    );
    expect(refused.calls()).toBe(1);
    const controller = new AbortController();
    controller.abort();
    const aborted = scripted(fetchFailure('UND_ERR_SOCKET'));
    await expect(
      onceMoreOnDroppedConnection(aborted.fetcher)('http://x/a', { method: 'POST', signal: controller.signal }),
    ).rejects.toThrow('fetch failed');
    expect(aborted.calls()).toBe(1);
  });

  it('knows a drop by the cause Node gives it, not by the words', () => {
    expect(droppedConnection(fetchFailure('UND_ERR_SOCKET'))).toBe(true);
    expect(droppedConnection(fetchFailure('ECONNREFUSED'))).toBe(false);
    expect(droppedConnection(new Error('other side closed'))).toBe(false);
  });
});

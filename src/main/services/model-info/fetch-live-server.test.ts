// What the live view makes of answers the real server gives only in other builds
// or states: an older /props that does not say whether /slots is on, a 501 from
// /slots, a /slots that fails on its own, and the older slot fields (n_past).
import { describe, expect, it } from 'vitest';
import { fetchLiveServer } from './fetch-live-server';

const localServer = () => ({ baseUrl: 'http://127.0.0.1:9', apiKey: 'secret' });
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function stub(routes: Record<string, () => Response>): {
  fetch: typeof fetch;
  seen: Array<{ url: string; auth: string | null }>;
} {
  const seen: Array<{ url: string; auth: string | null }> = [];
  const fetchFn = (async (url: string, init?: RequestInit) => {
    seen.push({ url, auth: new Headers(init?.headers).get('authorization') });
    const route = routes[new URL(url).pathname];
    if (!route) throw new TypeError('fetch failed');
    return route();
  }) as typeof fetch;
  return { fetch: fetchFn, seen };
}

const oldProps = { default_generation_settings: { n_ctx: 4096 }, total_slots: 1, model_path: '/m/old.gguf' };

describe('fetchLiveServer on other builds', () => {
  it('asks /slots when /props does not say, and words a 501 as disabled with the server reason', async () => {
    const { fetch, seen } = stub({
      '/props': () => json(oldProps),
      '/slots': () =>
        json(
          {
            error: {
              code: 501,
              message: 'This server does not support slots endpoint. Start it with `--slots`',
              type: 'not_supported_error',
            },
          },
          501,
        ),
    });
    expect(await fetchLiveServer({ localServer, fetch })).toEqual({
      state: 'running',
      props: {
        modelPath: '/m/old.gguf',
        modelAlias: null,
        nCtx: 4096,
        totalSlots: 1,
        build: null,
        vision: false,
        audio: false,
        sleeping: false,
      },
      slots: [],
      slotsState: 'disabled',
      slotsMessage: 'This server does not support slots endpoint. Start it with `--slots`',
    });
    expect(seen).toEqual([
      { url: 'http://127.0.0.1:9/props', auth: 'Bearer secret' },
      { url: 'http://127.0.0.1:9/slots', auth: 'Bearer secret' },
    ]);
  });

  it('does not ask /slots when /props says it is off', async () => {
    const { fetch, seen } = stub({ '/props': () => json({ ...oldProps, endpoint_slots: false }) });
    expect(await fetchLiveServer({ localServer, fetch })).toMatchObject({
      state: 'running',
      slotsState: 'disabled',
      slotsMessage: null,
    });
    expect(seen).toHaveLength(1);
  });

  it('keeps /props when /slots fails, and reads the older n_past field', async () => {
    const failing = stub({ '/props': () => json(oldProps), '/slots': () => new Response('busy', { status: 503 }) });
    expect(await fetchLiveServer({ localServer, fetch: failing.fetch })).toMatchObject({
      state: 'running',
      props: { nCtx: 4096 },
      slotsState: 'failed',
      slotsMessage: 'HTTP 503: busy',
    });
    const old = stub({
      '/props': () => json(oldProps),
      '/slots': () => json([{ id: 0, n_ctx: 4096, n_past: 321, is_processing: true, next_token: { n_decoded: 12 } }]),
    });
    expect(await fetchLiveServer({ localServer, fetch: old.fetch })).toMatchObject({
      slotsState: 'ok',
      slots: [{ id: 0, nCtx: 4096, processing: true, tokens: 321, decoded: 12, promptProcessed: null }],
    });
  });

  it('says a server that refuses /props is unreachable, with the status', async () => {
    const { fetch } = stub({ '/props': () => new Response('no', { status: 401 }) });
    expect(await fetchLiveServer({ localServer, fetch })).toEqual({
      state: 'unreachable',
      message: '/props answered HTTP 401',
    });
  });
});

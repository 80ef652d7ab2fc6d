// The Model info page's live view against the real llama-server on the tiny test
// model: the server EVA manages (its own argv and launch secret) answers /props and
// /slots, each slot's context use grows with a request and shows the prompt cache,
// a slot is seen processing during a long answer; a server started with --no-slots
// says 'disabled', and no server or a dead port say so without throwing.
import { afterEach, describe, expect, it } from 'vitest';
import type { LoadSettings } from '@shared/contract';
import { defaultSettings } from '@shared/default-settings';
import type { LiveServer, LiveSlot } from '@shared/model-info/model-info-types';
import { testAssets } from '@test-support/test-assets';
import { startTestServer, type TestServer } from '@test-support/llama/test-server';
import { BackendManager } from '@main/services/backend/backend-manager';
import { findFreePort } from '@main/services/backend/launch/net-probe';
import { memoryLifecycle, type ProcessLifecycle } from '@main/services/process/process-lifecycle';
import { fetchLiveServer } from './fetch-live-server';

const stops: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const stop of stops.splice(0).reverse()) await stop();
});

async function startManaged(patch: Partial<LoadSettings> = {}): Promise<BackendManager> {
  const registry: ProcessLifecycle = memoryLifecycle();
  const manager = new BackendManager({
    binDirs: [testAssets.binDir],
    registry,
    emit: () => undefined,
    probeGpus: async () => [],
    readyTimeoutMs: 30_000,
    stopGraceMs: 2000,
  });
  stops.push(async () => {
    await manager.dispose();
    await registry.stopAll(500);
  });
  await manager.load(
    { ...defaultSettings().load, modelPath: testAssets.tinyModel, contextSize: 1024, threads: 1, ...patch },
    '',
  );
  return manager;
}

function running(live: LiveServer): Extract<LiveServer, { state: 'running' }> {
  if (live.state !== 'running') throw new Error(`expected a running server, got ${JSON.stringify(live)}`);
  return live;
}

async function complete(
  endpoint: { baseUrl: string; apiKey: string },
  body: Record<string, unknown>,
): Promise<Response> {
  return fetch(`${endpoint.baseUrl}/completion`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${endpoint.apiKey}` },
    body: JSON.stringify(body),
  });
}

describe('fetchLiveServer', () => {
  it("reads the managed server's /props and /slots with its launch secret, and each slot's context use", async () => {
    const manager = await startManaged({ parallel: 2 });
    const localServer = () => manager.localEndpoint();
    const idle = running(await fetchLiveServer({ localServer }));
    expect(idle.props).toMatchObject({
      modelPath: testAssets.tinyModel,
      nCtx: 512,
      totalSlots: 2,
      vision: false,
      audio: false,
      sleeping: false,
    });
    expect(idle.props.build).toMatch(/\S/);
    expect(idle.slotsState).toBe('ok');
    expect(idle.slots).toEqual([
      { id: 0, nCtx: 512, processing: false, tokens: null, promptProcessed: null, promptCached: null, decoded: null },
      { id: 1, nCtx: 512, processing: false, tokens: null, promptProcessed: null, promptCached: null, decoded: null },
    ]);

    const endpoint = localServer()!;
    const prompt = 'The quick brown fox jumps over the lazy dog. '.repeat(4);
    const first = (await (await complete(endpoint, { prompt, n_predict: 8, ignore_eos: true, id_slot: 0 })).json()) as {
      tokens_cached: number;
      tokens_evaluated: number;
    };
    const after = running(await fetchLiveServer({ localServer }));
    // An idle slot keeps its context (prompt and answer, but the last token, not yet decoded into the cache).
    expect(after.slots[0]).toMatchObject({ processing: false, tokens: first.tokens_cached });
    expect(first.tokens_cached).toBe(first.tokens_evaluated + 8 - 1);
    expect(after.slots[1]!.tokens).toBeNull();

    // A longer prompt and answer in the same slot: its context is the new prompt and answer.
    const second = (await (
      await complete(endpoint, {
        prompt: `${prompt}And then it ran away.`,
        n_predict: 16,
        ignore_eos: true,
        id_slot: 0,
      })
    ).json()) as { tokens_cached: number; tokens_evaluated: number };
    expect(second.tokens_cached).toBe(second.tokens_evaluated + 16 - 1);
    expect(second.tokens_cached).toBeGreaterThan(first.tokens_cached);
    expect(running(await fetchLiveServer({ localServer })).slots[0]!.tokens).toBe(second.tokens_cached);
  });

  it('sees a slot processing while it answers, with the prompt read and the tokens written so far', async () => {
    const manager = await startManaged({ contextSize: 2048 });
    const localServer = () => manager.localEndpoint();
    const answer = complete(localServer()!, { prompt: 'Once upon a time', n_predict: 1800, ignore_eos: true });
    let finished = false;
    void answer.then(() => (finished = true));
    let busy: LiveSlot | undefined;
    while (!finished && !busy) {
      const slot = running(await fetchLiveServer({ localServer })).slots[0];
      if (slot?.processing && (slot.decoded ?? 0) > 0) busy = slot;
    }
    expect(busy).toMatchObject({ nCtx: 2048, promptProcessed: 5, promptCached: 0 });
    expect(busy!.tokens).toBeGreaterThanOrEqual(busy!.decoded!);
    const done = (await (await answer).json()) as { tokens_cached: number };
    expect(running(await fetchLiveServer({ localServer })).slots[0]).toMatchObject({
      processing: false,
      tokens: done.tokens_cached,
    });
  });

  it('says /slots is disabled on a server started with --no-slots, and still gives /props', async () => {
    const server: TestServer = await startTestServer({ extraArgs: ['--no-slots'] });
    stops.push(() => server.stop());
    const live = running(await fetchLiveServer({ localServer: () => ({ baseUrl: server.baseUrl, apiKey: '' }) }));
    expect(live).toMatchObject({ slotsState: 'disabled', slots: [], props: { modelPath: testAssets.tinyModel } });
    expect(live.props.totalSlots).toBeGreaterThan(0);
  });

  it('says when no model runs, and when the server does not answer, without throwing', async () => {
    expect(await fetchLiveServer({ localServer: () => null })).toEqual({ state: 'stopped' });
    const port = await findFreePort('127.0.0.1');
    const dead = await fetchLiveServer({ localServer: () => ({ baseUrl: `http://127.0.0.1:${port}`, apiKey: 'k' }) });
    expect(dead).toMatchObject({ state: 'unreachable', message: expect.stringMatching(/^\/props: /) });
  });
});

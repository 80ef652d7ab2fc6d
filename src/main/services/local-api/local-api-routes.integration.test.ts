// Where the Local API sends a model name, in the real core (createTestCore) as
// the app runs it: a pool model by its name (the real router, which loads it
// on first use), and a shared link to another llama-server that wants a key,
// which EVA adds and the client never sees.
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '@main/core-options';
import { startTestServer, type TestServer } from '@test-support/llama/test-server';
import { createTestCore } from '@test-support/test-core';
import { testAssets } from '@test-support/test-assets';

const LINK_KEY = 'link-secret-that-stays-in-eva-0123456789';

let dir: string;
let core: Core;
let linked: TestServer;
let client: OpenAI;
let baseURL: string;
let secret: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'eva-local-api-routes-'));
  await copyFile(testAssets.tinyModel, join(dir, 'alpha.gguf'));
  [linked, core] = await Promise.all([
    startTestServer({ extraArgs: ['--api-key', LINK_KEY] }),
    createTestCore(join(dir, 'data')),
  ]);
  await core.handlers['settings:update']({ load: { contextSize: 512, threads: 1 } });
  baseURL = (await core.handlers['local-api:start']({})).baseUrl!;
  secret = (await core.handlers['local-api:key-create']({ name: 'routes', allowedModels: [] })).secret;
  client = new OpenAI({ baseURL, apiKey: secret, maxRetries: 0 });
}, 180_000);

afterAll(async () => {
  await core?.dispose();
  await linked?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const refusalOf = (request: Promise<unknown>) =>
  request.then(
    () => null,
    (error: unknown) => error as InstanceType<typeof OpenAI.APIError>,
  );
const hi = (model: string) =>
  client.chat.completions.create({ model, messages: [{ role: 'user', content: 'Hi' }], max_tokens: 4 });

describe('the Local API routes a model name', () => {
  it('to a pool model, which the router loads on first use', async () => {
    const started = await core.handlers['pool:start']({
      models: [{ path: join(dir, 'alpha.gguf'), contextSize: 0 }],
      maxLoaded: 1,
      memoryBudgetMiB: 0,
      idleUnloadMinutes: 0,
    });
    expect(started.models.map((model) => [model.id, model.state])).toEqual([['alpha', 'unloaded']]);
    const listed = await client.models.list();
    expect(listed.data.map((model) => [model.id, model.owned_by])).toEqual([['alpha', 'eva-pool']]);
    const answer = await hi('alpha');
    expect(answer.choices[0]?.message.role).toBe('assistant');
    expect(answer.usage?.completion_tokens).toBeGreaterThan(0);
    const status = await core.handlers['pool:status'](undefined);
    expect(status.models.find((model) => model.id === 'alpha')?.state).toBe('loaded');
    await core.handlers['pool:stop'](undefined);
    expect(await refusalOf(hi('alpha'))).toMatchObject({ status: 503, code: 'no_model_loaded' });
  });

  it("to a shared link, with the link's key added by EVA and never answered to the client", async () => {
    // Without its key the linked server answers nobody, so an answer through EVA means EVA sent it.
    const bare = await fetch(`${linked.baseUrl}/v1/chat/completions`, {
      method: 'POST',
      body: JSON.stringify({ messages: [{ role: 'user', content: 'Hi' }], max_tokens: 2 }),
    });
    expect(bare.status).toBe(401);
    const link = await core.handlers['link:save']({
      profile: { name: 'far', presetId: 'llama-server', baseUrl: `${linked.baseUrl}/v1`, model: 'far-tiny' },
      apiKey: LINK_KEY,
    });
    // A link is reached only once it is shared (until then nothing here answers at all).
    expect(await refusalOf(hi('far-tiny'))).toMatchObject({ status: 503, code: 'no_model_loaded' });
    await core.handlers['local-api:settings']({ sharedLinks: [link.id], keepBodies: true });
    const listed = await client.models.list();
    expect(listed.data.map((model) => [model.id, model.owned_by])).toEqual([['far-tiny', 'link:far']]);

    const { data: answer, response } = await client.chat.completions
      .create({ model: 'far/far-tiny', messages: [{ role: 'user', content: 'Hi' }], max_tokens: 4 })
      .withResponse();
    expect(answer.choices[0]?.message.role).toBe('assistant');
    const streamed = await fetch(`${baseURL}/chat/completions`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${secret}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        model: 'far-tiny',
        messages: [{ role: 'user', content: 'Hi' }],
        max_tokens: 4,
        stream: true,
      }),
    });
    const streamedText = await streamed.text();
    expect(streamedText).toContain('[DONE]');
    const messages = await fetch(`${baseURL}/messages`, {
      method: 'POST',
      headers: { 'x-api-key': secret, 'Content-Type': 'application/json' },
      body: JSON.stringify({ model: 'far-tiny', max_tokens: 4, messages: [{ role: 'user', content: 'Hi' }] }),
    });
    expect(messages.status).toBe(200);
    const messagesText = await messages.text();

    const seen = [
      JSON.stringify(answer),
      JSON.stringify([...response.headers.entries()]),
      streamedText,
      JSON.stringify([...streamed.headers.entries()]),
      messagesText,
      JSON.stringify(await core.handlers['link:list']({})),
    ];
    const { entries } = await core.handlers['local-api:log']({});
    // The log keeps the bodies (keepBodies) as they passed between the client and EVA.
    for (const { id } of entries.slice(0, 3))
      seen.push(JSON.stringify(await core.handlers['local-api:log-entry']({ id })));
    expect(seen.join('\n')).not.toContain(LINK_KEY);
    expect(seen.at(-1)).toContain('"requestBody"');
    expect(entries.slice(0, 3).map((entry) => [entry.path, entry.model, entry.status])).toEqual([
      ['/v1/messages', 'far-tiny', 200],
      ['/v1/chat/completions', 'far-tiny', 200],
      ['/v1/chat/completions', 'far-tiny', 200],
    ]);
  });
});

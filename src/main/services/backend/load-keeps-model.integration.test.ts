// A load that cannot succeed never costs the user the model that runs: with the tiny
// model ready in the real llama-server, a missing path and a text file named .gguf are
// refused before anything is stopped, and a file that passes the checks but makes
// llama-server fail (a copy cut inside its last tensor) ends with the tiny model
// started again, the error saying why the new one failed.
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { managerHarness, tinyLoad as settings } from '@test-support/backend/manager-harness';
import { testAssets } from '@test-support/test-assets';
import type { BackendManager } from './backend-manager';

const makeManager = managerHarness();

/** One short answer from the running server, through the endpoint the chat uses. */
async function answer(manager: BackendManager): Promise<string> {
  const endpoint = manager.localEndpoint();
  if (!endpoint) throw new Error(`no endpoint: the status is ${manager.getStatus().state}`);
  const response = await fetch(`${endpoint.baseUrl}/v1/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${endpoint.apiKey}` },
    body: JSON.stringify({ messages: [{ role: 'user', content: 'hi' }], max_tokens: 4 }),
  });
  expect(response.status).toBe(200);
  const body = (await response.json()) as { choices: { message: { content: string } }[] };
  return body.choices[0]!.message.content;
}

async function tempFile(name: string, data: string | Buffer): Promise<string> {
  const file = join(await mkdtemp(join(tmpdir(), 'eva-keep-')), name);
  await writeFile(file, data);
  return file;
}

function expectTinyReady(manager: BackendManager): void {
  expect(manager.getStatus()).toMatchObject({
    state: 'ready',
    error: null,
    model: { name: 'tiny-llama-test', path: testAssets.tinyModel },
  });
}

describe('a failed load keeps the model that was running', () => {
  const refused: [string, () => Promise<string>, string][] = [
    ['a missing path', async () => '/nonexistent/model.gguf', 'model_missing'],
    [
      'a text file named x.gguf',
      () => tempFile('x.gguf', 'just some notes, not a model\n'.repeat(50)),
      'model_invalid',
    ],
  ];
  for (const [name, makePath, code] of refused) {
    it(`${name} is refused with ${code}, and the same server goes on answering`, async () => {
      const { manager, registry } = await makeManager();
      const ready = await manager.load(settings());
      await expect(manager.load(settings({ modelPath: await makePath() }))).rejects.toMatchObject({ code });
      expectTinyReady(manager);
      expect(manager.getStatus().pid).toBe(ready.pid);
      expect(registry.pids()).toEqual([ready.pid]);
      expect(typeof (await answer(manager))).toBe('string');
      expect(manager.logLines().some((line) => /load refused: .*; tiny-llama-test keeps running/.test(line.text))).toBe(
        true,
      );
    });
  }

  it('a model llama-server cannot start: the tiny model runs again, with its slot identity, and the error says why', async () => {
    const slotDir = await mkdtemp(join(tmpdir(), 'eva-slots-'));
    const { manager, registry } = await makeManager({ slotSavePath: slotDir });
    const ready = await manager.load(settings());
    const identity = manager.localEndpoint()?.slotIdentity;
    expect(identity).toBeTruthy();
    // Cut 64 bytes short: the header and every tensor's start are there, the last tensor's data is not.
    const whole = await readFile(testAssets.tinyModel);
    const cut = await tempFile('cut.gguf', whole.subarray(0, (await stat(testAssets.tinyModel)).size - 64));

    const error = await manager.load(settings({ modelPath: cut })).catch((e: unknown) => e);
    expect(error).toMatchObject({
      code: 'backend_failed',
      message: expect.stringMatching(
        /^cut\.gguf did not start: .*not within the file bounds.*; tiny-llama-test, the model loaded before, is running again$/,
      ),
      // Why in parts for the page: llama.cpp's own reason, apart from our words.
      details: {
        restoredModel: 'tiny-llama-test',
        path: cut,
        startFailureCode: 'backend_failed',
        serverSaid: expect.stringContaining('not within the file bounds'),
      },
    });
    expectTinyReady(manager);
    const status = manager.getStatus();
    expect(status.pid).not.toBe(ready.pid);
    expect(registry.pids()).toEqual([status.pid]);
    expect(status.notices.join(' ')).toContain('cut.gguf did not start');
    expect(status.noticeCodes).toContainEqual({
      code: 'model_restored',
      vars: expect.objectContaining({
        model: 'cut.gguf',
        serverSaid: expect.stringContaining('not within the file bounds'),
      }),
    });
    // The same launch: the conversation slot saved before the load is restored into it.
    expect(manager.localEndpoint()?.slotIdentity).toBe(identity);
    expect(manager.activeLaunch()?.args).toContain(slotDir);
    expect(typeof (await answer(manager))).toBe('string');
  });

  it('when the model loaded before cannot start again either (its file is gone), the error says so and none runs', async () => {
    const { manager, registry } = await makeManager();
    const whole = await readFile(testAssets.tinyModel);
    const before = await tempFile('before.gguf', whole);
    await manager.load(settings({ modelPath: before }));
    const cut = await tempFile('cut.gguf', whole.subarray(0, whole.length - 64));
    await rm(before);
    const error = await manager.load(settings({ modelPath: cut })).catch((e: unknown) => e);
    expect(error).toMatchObject({
      message: expect.stringMatching(/the model loaded before, did not start again either: /),
      details: { restoreFailedModel: expect.any(String) },
    });
    const status = manager.getStatus();
    expect(status.state).toBe('error');
    expect(status.error?.details?.restoreFailedModel).toBeDefined();
    expect(status.model).toBeNull();
    expect(registry.pids()).toEqual([]);
  });
});

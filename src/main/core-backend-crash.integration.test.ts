// Through the core, with the real llama-server: a chat that hits a crashed
// backend says so — the exit reason and a Reload action — never "no model
// loaded"; after a user's Stop it is "no model loaded" again.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultSettings } from '@shared/default-settings';
import { testAssets } from '@test-support/test-assets';
import type { Core } from './core';
import { createTestCore } from '@test-support/test-core';

let core: Core;

beforeAll(async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'eva-crash-'));
  core = await createTestCore(dataDir, {
    backendTimeouts: { restartDelaysMs: [] },
  });
});

afterAll(async () => {
  await core.dispose();
});

const send = (requestId: string) =>
  core.handlers['chat:send']({
    requestId,
    mode: 'chat',
    endpoint: { kind: 'local' },
    systemPrompt: 'You are a test.',
    messages: [{ role: 'user', content: 'hello' }],
    sampling: { ...defaultSettings().chat.sampling, max_tokens: 8 },
    idSlot: null,
  });

describe('a chat after the local server crashed', () => {
  it('fails with server_crashed, the signal and a Reload action; after Stop, no_model_loaded', async () => {
    // As the load dialog does: the settings saved, then loaded.
    const load = { ...defaultSettings().load, modelPath: testAssets.tinyModel, contextSize: 512 };
    await core.handlers['settings:update']({ load });
    const status = await core.handlers['backend:load'](load);
    process.kill(status.pid ?? 0, 'SIGKILL');
    for (let i = 0; i < 400 && core.backend.getStatus().state !== 'error'; i++)
      await new Promise((resolve) => setTimeout(resolve, 25));
    const error = await send('c1').then(
      () => null,
      (e: unknown) => e as { code: string; message: string; details?: Record<string, unknown> },
    );
    expect(error?.code).toBe('server_crashed');
    expect(error?.message).toContain('SIGKILL');
    expect(error?.details).toMatchObject({ action: 'reload', signal: 'SIGKILL' });
    // Reload (what the page's button does: the last load settings again) brings it back.
    const again = await core.handlers['backend:load'](core.settings.get().load);
    expect(again.state).toBe('ready');
    await expect(send('c2')).resolves.toMatchObject({ requestId: 'c2' });
    await core.handlers['backend:stop'](undefined);
    await expect(send('c3')).rejects.toMatchObject({ code: 'no_model_loaded' });
  });
});

// `eva serve-api` as a user runs it (the real bin, its own core, the real
// llama-server on a copy of the tiny model): it prints a base URL and a key
// the openai client can use, and a SIGTERM (or Ctrl+C) stops it cleanly, with
// its llama-server gone, the run's key revoked and the settings as they were.
import { copyFile, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import OpenAI from 'openai';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { findFreePort } from '@main/services/backend/launch/net-probe';
import { CLI_TEST_TIMEOUT_MS, eva, own } from '@test-support/cli/eva-process';
import { processesMatching } from '@test-support/proc-tree';
import { testAssets } from '@test-support/test-assets';
import { createTestCore } from '@test-support/test-core';

vi.setConfig({ testTimeout: CLI_TEST_TIMEOUT_MS });

const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

/** A copy of the tiny model under a name of its own, so its llama-server is found by its command line alone. */
async function modelCopy(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'eva-serve-api-'));
  dirs.push(dir);
  const path = join(dir, 'served-tiny.gguf');
  await copyFile(testAssets.tinyModel, path);
  return path;
}

/** The llama-servers on `model` (eva's own command line names it too). */
const llamaServers = (model: string): number[] =>
  processesMatching(model)
    .filter((found) => found.cmdline.split(' ')[0]!.endsWith('llama-server'))
    .map((found) => found.pid);

/** Runs `eva serve-api …`; once it prints its URL (and key), `whileServing` runs, then eva is sent `signal`. */
function serve(
  args: string[],
  dataDir: string,
  signal: NodeJS.Signals,
  whileServing: (baseUrl: string, key: string | null) => Promise<void>,
) {
  let started = false;
  let failure: unknown = null;
  const withKey = !args.includes('--no-key');
  const ran = eva(['serve-api', ...args], dataDir, {
    onStdout: (text, child) => {
      const baseUrl = /^base URL: (\S+)/m.exec(text)?.[1];
      const key = /^key: (\S+)$/m.exec(text)?.[1] ?? null;
      if (started || !baseUrl || (withKey && !key)) return;
      started = true;
      whileServing(baseUrl, key)
        .catch((error: unknown) => (failure = error))
        .finally(() => child.kill(signal));
    },
  });
  return ran.then((result) => {
    if (failure) throw failure;
    return { ...result, started };
  });
}

describe('eva serve-api', () => {
  it('serves the model it loaded with the key it printed, and SIGTERM stops it with no llama-server left', async () => {
    const model = await modelCopy();
    const dataDir = own();
    const port = await findFreePort('127.0.0.1');
    let servers: number[] = [];
    let runKey = '';
    let served = '';
    const ran = await serve(['--model', model, '--port', String(port)], dataDir, 'SIGTERM', async (baseUrl, key) => {
      runKey = key!;
      expect(baseUrl).toBe(`http://127.0.0.1:${port}/v1`);
      const client = new OpenAI({ baseURL: baseUrl, apiKey: runKey, maxRetries: 0 });
      const models = await client.models.list();
      expect(models.data).toHaveLength(1);
      served = models.data[0]!.id;
      const answer = await client.chat.completions.create({
        model: served,
        messages: [{ role: 'user', content: 'Hi' }],
        max_tokens: 4,
      });
      expect(answer.choices[0]?.message.role).toBe('assistant');
      servers = llamaServers(model);
    });
    expect(ran.started).toBe(true);
    expect(ran.code).toBe(0);
    expect(ran.stderr).toContain(`serving ${served}; Ctrl+C stops (and revokes this key)`);
    expect(ran.stderr).toContain('SIGTERM: stopping the Local API');
    expect(servers).toHaveLength(1);
    expect(llamaServers(model)).toEqual([]);
    // The run's key is revoked, and the Local API is off again as it was before: the app does not start serving.
    const stored = JSON.parse(await readFile(join(dataDir, 'local-api.json'), 'utf8')) as {
      settings: { enabled: boolean; port: number };
      keys: { id: string; revokedAt: number | null }[];
    };
    expect(stored.settings.enabled).toBe(false);
    expect(stored.keys.map((key) => [key.id, key.revokedAt !== null])).toEqual([[runKey.split('-')[1], true]]);
  });

  it('with --no-key and no model it says to use an existing key, which works; Ctrl+C ends it', async () => {
    const dataDir = own();
    const core = await createTestCore(dataDir);
    const made = await core.handlers['local-api:key-create']({ name: 'my app', allowedModels: [] });
    await core.dispose();
    const ran = await serve(['--no-key'], dataDir, 'SIGINT', async (baseUrl, key) => {
      expect(key).toBeNull();
      const listed = await new OpenAI({ baseURL: baseUrl, apiKey: made.secret, maxRetries: 0 }).models.list();
      expect(listed.data).toEqual([]);
    });
    expect(ran.started).toBe(true);
    expect(ran.code).toBe(0);
    expect(ran.stderr).toContain('use one of your keys (my app)');
    expect(ran.stderr).toContain('no model is loaded');
    expect(ran.stderr).toContain('SIGINT: stopping the Local API');
  });
});

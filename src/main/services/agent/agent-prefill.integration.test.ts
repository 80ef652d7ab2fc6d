// Reading ahead for an agent run (tools on), through the core with the real
// llama-server: `chat:prefill` with `agent` reads the run's first request (the
// tools prompt, the conversation and the draft) while the question is typed, so
// the run's first turn reads only what changed. In both tool protocols.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultSettings } from '@shared/default-settings';
import { testAssets } from '@test-support/test-assets';
import { longPrompt } from '@test-support/llama/long-prompt';
import type { Core } from '../../core';
import { createTestCore } from '@test-support/test-core';

let dataDir: string;
let core: Core;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'eva-agent-prefill-'));
  core = await createTestCore(dataDir);
  const load = { ...defaultSettings().load, modelPath: testAssets.tinyModel, contextSize: 4096, threads: 1 };
  await core.handlers['settings:update']({ load });
  await core.handlers['backend:load'](load);
});

afterAll(async () => {
  await core?.dispose();
  await rm(dataDir, { recursive: true, force: true });
});

const sampling = { ...defaultSettings().chat.sampling, max_tokens: 4, seed: 5 };
let asked = 0;

/**
 * One plain run (agent mode off: a reply without a tool call ends it after its first turn); that turn's prompt tokens
 * read.
 */
async function run(question: string): Promise<number | undefined> {
  const result = await core.handlers['agent:run']({
    requestId: `run-${++asked}`,
    endpoint: { kind: 'local' },
    systemPrompt: 'You are a test agent.',
    messages: [{ role: 'user', content: question }],
    sampling,
    idSlot: null,
    conversationAllowed: [],
  });
  expect(result.steps).toEqual([]);
  return result.lastResult?.timings?.prompt_n;
}

describe('reading ahead for an agent run', () => {
  for (const protocol of ['prompt', 'native'] as const) {
    it(`${protocol} protocol: the run's first turn reads only what changed since the read-ahead; a question not read ahead is read whole`, async () => {
      await core.handlers['settings:update']({ tools: { protocol } });
      const question = `${longPrompt(14)}\nWhich line of the ${protocol} test names the dog first?`;
      const read = await core.handlers['chat:prefill']({
        endpoint: { kind: 'local' },
        systemPrompt: 'You are a test agent.',
        messages: [{ role: 'user', content: question }],
        sampling,
        idSlot: null,
        conversationId: null,
        agent: {},
      });
      expect(read).toMatchObject({ done: true });
      if (!read.done) return;
      expect(read.read).toBeGreaterThan(200);
      expect(await run(question)).toBeLessThan(10);
      // The same size of question, not read ahead: the tools prompt is cached, the question is not.
      expect(await run(question.replaceAll('dog', 'cat'))).toBeGreaterThan(200);
    });
  }
});

// Instant reopen through the core, with the real llama-server: a conversation
// answered before the app closed is saved as it closes, and its next question
// after a restart is answered from the restored slot instead of reading the
// whole conversation again. Opening another conversation saves the one left, and
// so does starting a new one, before its first question is sent.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { defaultSettings } from '@shared/default-settings';
import type { ChatMessage } from '@shared/chat/types';
import type { ChatResult } from '@shared/contract';
import { testAssets } from '@test-support/test-assets';
import { longPrompt } from '@test-support/llama/long-prompt';
import type { Core } from './core';
import { createTestCore } from '@test-support/test-core';

const dataDir = await mkdtemp(join(tmpdir(), 'eva-reopen-'));
const opened: Core[] = [];

afterAll(async () => {
  for (const core of opened) await core.dispose().catch(() => undefined);
  await rm(dataDir, { recursive: true, force: true });
});

async function startCore(): Promise<Core> {
  const core = await createTestCore(dataDir);
  opened.push(core);
  const load = { ...defaultSettings().load, modelPath: testAssets.tinyModel, contextSize: 2048, threads: 1 };
  await core.handlers['settings:update']({ load });
  await core.handlers['backend:load'](load);
  return core;
}

const LONG = longPrompt(50);
let asked = 0;

async function ask(core: Core, conversationId: string, messages: ChatMessage[]): Promise<ChatResult> {
  asked++;
  const question = messages.at(-1)!;
  const result = await core.handlers['chat:send']({
    requestId: `reopen-${asked}`,
    mode: 'chat',
    endpoint: { kind: 'local' },
    systemPrompt: 'You are a test.',
    messages,
    sampling: { ...defaultSettings().chat.sampling, max_tokens: 24, seed: 3 },
    idSlot: null,
    record: {
      conversationId,
      parentId: null,
      answerId: `answer-${asked}`,
      question: { id: `question-${asked}`, content: question.content },
    },
  });
  expect(result.status, result.error?.message).toBe('done');
  return result;
}

const promptTokens = (result: ChatResult): number => (result.timings as { prompt_n?: number } | null)?.prompt_n ?? -1;
const modelLog = async (core: Core): Promise<string[]> =>
  (await core.handlers['backend:log'](undefined)).lines.map((line) => line.text);

describe('instant reopen through the core (real llama-server)', () => {
  it('saves the open conversation when the app closes and restores it after a restart: the next question does not read it all again', async () => {
    const first = await startCore();
    const { id } = await first.handlers['history:create']({ title: 'long one' });
    const opening: ChatMessage[] = [{ role: 'user', content: `${LONG}\nSummarise.` }];
    const answer = await ask(first, id, opening);
    expect(promptTokens(answer)).toBeGreaterThan(500);
    await first.dispose();
    opened.length = 0;
    expect((await readdir(join(dataDir, 'slots'))).some((name) => name.endsWith('.bin'))).toBe(true);

    const second = await startCore();
    const next = await ask(second, id, [
      ...opening,
      { role: 'assistant', content: answer.content },
      { role: 'user', content: 'And then?' },
    ]);
    expect((await modelLog(second)).some((line) => line.includes(`restored`) && line.includes(id))).toBe(true);
    expect(promptTokens(next)).toBeLessThan(60);
  });

  it('opening another conversation saves the one left, while the user reads; clearing the history removes every slot file', async () => {
    const core = opened[0] ?? (await startCore());
    const { id } = await core.handlers['history:create']({ title: 'left behind' });
    await ask(core, id, [{ role: 'user', content: `${LONG}\nAgain.` }]);
    const other = await core.handlers['history:create']({ title: 'elsewhere' });
    await core.handlers['history:open']({ id: other.id });
    // The save runs beside the open; the log says when it is done.
    for (let i = 0; i < 200 && !(await modelLog(core)).some((line) => line.includes(`saved`) && line.includes(id)); i++)
      await new Promise((resolve) => setTimeout(resolve, 25));
    expect((await modelLog(core)).some((line) => line.includes('saved') && line.includes(id))).toBe(true);

    // A slot file holds the conversation's tokens: clearing the history leaves none behind.
    await core.handlers['history:clear'](undefined);
    expect((await readdir(join(dataDir, 'slots'))).filter((name) => name.endsWith('.bin'))).toEqual([]);
  });
  it('starting a new conversation saves the one left while the user types, so its first question does not wait for the save', async () => {
    const core = opened[0] ?? (await startCore());
    const { id } = await core.handlers['history:create']({ title: 'before the new one' });
    await ask(core, id, [{ role: 'user', content: `${LONG}\nOnce more.` }]);
    await core.handlers['history:leave'](undefined);
    for (let i = 0; i < 200 && !(await modelLog(core)).some((line) => line.includes('saved') && line.includes(id)); i++)
      await new Promise((resolve) => setTimeout(resolve, 25));
    const saves = (await modelLog(core)).filter((line) => line.includes('saved') && line.includes(id));
    expect(saves).toHaveLength(1);
    // The new conversation's first question finds the slot already saved: nothing more is written for it.
    const fresh = await core.handlers['history:create']({ title: 'the new one' });
    await ask(core, fresh.id, [{ role: 'user', content: 'Hello.' }]);
    expect((await modelLog(core)).filter((line) => line.includes('saved') && line.includes(id))).toHaveLength(1);
  });
});

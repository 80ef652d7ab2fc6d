// Continue through the core against the real llama-server: an answer
// cut by its token limit, one the user stopped, and one a crash interrupted go on
// from their saved text in the same message, the saved text once, never repeated.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatSendInput } from '@shared/chat/schemas';
import type { Core } from '../../core';
import { startTestServer, type TestServer } from '@test-support/llama/test-server';
import { createTestCore } from '@test-support/test-core';

let server: TestServer;
let dataDir = '';
let core: Core;
let linkId = '';

beforeAll(async () => {
  server = await startTestServer();
  dataDir = await mkdtemp(join(tmpdir(), 'eva-continue-'));
  core = await openCore();
  const link = await core.handlers['link:save']({
    profile: { name: 'local test server', presetId: 'llama-server', baseUrl: `${server.baseUrl}/v1`, model: 'tiny' },
  });
  linkId = link.id;
});

afterAll(async () => {
  await core.dispose();
  await server.stop();
});

const openCore = () =>
  createTestCore(dataDir, {
    historyTimings: { streamSaveMs: 50 },
  });

const QUESTION = 'Tell me a long story about a cat.';

function ask(
  requestId: string,
  conversationId: string,
  maxTokens: number,
): Promise<Awaited<ReturnType<Core['handlers']['chat:send']>>> {
  return core.handlers['chat:send']({
    mode: 'chat',
    requestId,
    endpoint: { kind: 'link', linkId },
    systemPrompt: '',
    idSlot: null,
    messages: [{ role: 'user', content: QUESTION }],
    sampling: { max_tokens: maxTokens, temperature: 0 },
    record: {
      conversationId,
      parentId: null,
      answerId: `${conversationId}-a`,
      question: { id: `${conversationId}-q`, content: QUESTION },
      create: { systemPrompt: '' },
    },
  });
}

function continueAnswer(
  requestId: string,
  conversationId: string,
  saved: string,
  maxTokens: number,
  extra: Partial<ChatSendInput> = {},
) {
  return core.handlers['chat:send']({
    mode: 'chat',
    requestId,
    endpoint: { kind: 'link', linkId },
    systemPrompt: '',
    idSlot: null,
    messages: [
      { role: 'user', content: QUESTION },
      { role: 'assistant', content: saved },
    ],
    sampling: { max_tokens: maxTokens, temperature: 0 },
    continueAnswer: true,
    record: { conversationId, parentId: `${conversationId}-q`, answerId: `${conversationId}-a` },
    ...extra,
  } as ChatSendInput);
}

/** The saved text appears once, at the start, and new words follow it. */
function expectContinued(content: string, saved: string): void {
  expect(content.startsWith(saved)).toBe(true);
  expect(content.length).toBeGreaterThan(saved.length);
  expect(content.indexOf(saved, 1)).toBe(-1);
}

describe('Continue, against the real llama-server', () => {
  it('an answer cut by its token limit goes on in the same message', async () => {
    const first = await ask('cut-1', 'cut', 12);
    expect(first).toMatchObject({ status: 'done', finishReason: 'length' });
    const more = await continueAnswer('cut-2', 'cut', first.content, 24);
    expect(more.status).toBe('done');
    expectContinued(more.content, first.content);
    // The server read the saved text as the start of its answer: it was in the prompt, not generated again.
    expect(more.timings?.predicted_n).toBeLessThanOrEqual(24);
    const opened = await core.handlers['history:open']({ id: 'cut' });
    expect(opened.messages.map((m) => [m.id, m.status])).toEqual([
      ['cut-q', 'complete'],
      ['cut-a', 'complete'],
    ]);
    expect(opened.messages[1]!.content).toBe(more.content);
    expect(opened.messages[1]!.timings?.predicted_n).toBe(more.timings?.predicted_n);
  });

  it('a stopped answer continues, and loses its stopped status', async () => {
    const stopping = ask('stop-1', 'stopped', 2000);
    // Stop once some words are in.
    await new Promise((resolve) => setTimeout(resolve, 400));
    core.handlers['chat:stop']({ requestId: 'stop-1' });
    const first = await stopping;
    expect(first.status).toBe('stopped');
    expect(first.content).not.toBe('');
    expect((await core.handlers['history:open']({ id: 'stopped' })).messages[1]).toMatchObject({ status: 'stopped' });
    const more = await continueAnswer('stop-2', 'stopped', first.content, 8);
    expectContinued(more.content, first.content);
    expect((await core.handlers['history:open']({ id: 'stopped' })).messages[1]).toMatchObject({
      status: 'complete',
      content: more.content,
    });
  });

  it('an answer a closed app left interrupted continues after the restart', async () => {
    const cutting = ask('crash-1', 'crashed', 2000);
    await new Promise((resolve) => setTimeout(resolve, 500));
    // The app goes away mid-answer; what was saved reads back as interrupted (or stopped, when the stop won the race).
    await core.dispose();
    await cutting.catch(() => undefined);
    core = await openCore();
    const saved = (await core.handlers['history:open']({ id: 'crashed' })).messages[1]!;
    expect(['interrupted', 'stopped']).toContain(saved.status);
    const text = saved.content as string;
    expect(text).not.toBe('');
    const more = await continueAnswer('crash-2', 'crashed', text, 8);
    expectContinued(more.content, text);
    expect((await core.handlers['history:open']({ id: 'crashed' })).messages.map((m) => m.status)).toEqual([
      'complete',
      'complete',
    ]);
  });

  it('refuses to continue what is not an answer', async () => {
    await expect(
      core.handlers['chat:send']({
        mode: 'chat',
        requestId: 'bad',
        endpoint: { kind: 'link', linkId },
        systemPrompt: '',
        idSlot: null,
        messages: [{ role: 'user', content: 'q' }],
        sampling: {},
        continueAnswer: true,
      }),
    ).rejects.toMatchObject({ code: 'bad_request', message: 'cannot continue: the last message is not an answer' });
  });
});

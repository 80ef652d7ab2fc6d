// Structured output through the core, with the real llama-server and the tiny random model: the schema goes out as
// response_format, llama-server's grammar holds even random weights to it, so the streamed answer parses and fits
// (checked here with an ajv of the test's own, not only the core's verdict); the check is saved with the answer and
// the schema with the conversation. A schema the server cannot make a grammar of is named as such, also through a
// link, and one ajv cannot use is refused before anything is sent.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Ajv from 'ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EndpointRef } from '@shared/chat/schemas';
import type { ChatResult, EventPayloads } from '@shared/contract';
import { defaultSettings } from '@shared/default-settings';
import { startTestServer, type TestServer } from '@test-support/llama/test-server';
import { testAssets } from '@test-support/test-assets';
import { createTestCore } from '@test-support/test-core';
import type { Core } from '../../core';
import { PERSON_SCHEMA, SCORES_SCHEMA } from '@test-support/llama/answer-schemas';

/** Valid for ajv (an $id anchor), but llama-server takes only JSON-pointer references: it answers 400. */
const ANCHORED = { definitions: { a: { $id: '#foo', type: 'string' } }, $ref: '#foo' };

let core: Core;
let server: TestServer;
let linkId = '';
const streamed = new Map<string, string>();
let sent = 0;

beforeAll(async () => {
  server = await startTestServer();
  core = await createTestCore(await mkdtemp(join(tmpdir(), 'eva-structured-')));
  core.events.attach((event, payload) => {
    if (event !== 'chat:stream') return;
    const { requestId, events } = payload as EventPayloads['chat:stream'];
    for (const item of events)
      if (item.type === 'content') streamed.set(requestId, (streamed.get(requestId) ?? '') + item.text);
  });
  const load = { ...defaultSettings().load, modelPath: testAssets.tinyModel, contextSize: 2048, threads: 1 };
  await core.handlers['settings:update']({ load });
  await core.handlers['backend:load'](load);
  const link = await core.handlers['link:save']({
    profile: { name: 'tiny', presetId: 'llama-server', baseUrl: `${server.baseUrl}/v1`, model: 'tiny' },
  });
  linkId = link.id;
});

afterAll(async () => {
  await core.dispose();
  await server.stop();
});

/** One recorded question in a new conversation that requires `schema`. */
async function ask(
  schema: Record<string, unknown>,
  endpoint: EndpointRef = { kind: 'local' },
  seed = 1,
): Promise<{ result: ChatResult; requestId: string; conversationId: string; answerId: string }> {
  sent++;
  const requestId = `structured-${sent}`;
  const conversationId = `conv-${sent}`;
  const answerId = `answer-${sent}`;
  const structuredOutput = { schema, name: 'answer' };
  const result = await core.handlers['chat:send']({
    mode: 'chat',
    requestId,
    endpoint,
    systemPrompt: 'You answer in JSON.',
    messages: [{ role: 'user', content: `Describe someone (${sent}).` }],
    sampling: { max_tokens: 400, seed, temperature: 0.8 },
    idSlot: null,
    structuredOutput,
    record: {
      conversationId,
      parentId: null,
      answerId,
      question: { id: `question-${sent}`, content: `Describe someone (${sent}).` },
      create: { systemPrompt: 'You answer in JSON.', structuredOutput },
    },
  });
  return { result, requestId, conversationId, answerId };
}

/** The answer as it streamed, parsed and validated by an ajv of the test's own. */
function fitsOnItsOwn(schema: Record<string, unknown>, requestId: string): { valid: boolean; value: unknown } {
  const value = JSON.parse(streamed.get(requestId) ?? '') as unknown;
  const validate = new Ajv({ strict: false }).compile(schema);
  return { valid: validate(value), value };
}

describe('an answer that must fit a JSON schema, from the real llama-server', () => {
  it('an object with a required string, integer and enum: the streamed answer parses and fits, and is saved so', async () => {
    for (const seed of [1, 2]) {
      const { result, requestId, conversationId, answerId } = await ask(PERSON_SCHEMA, { kind: 'local' }, seed);
      expect(result.status).toBe('done');
      expect(result.finishReason).toBe('stop');
      expect(streamed.get(requestId)).toBe(result.content);
      const own = fitsOnItsOwn(PERSON_SCHEMA, requestId);
      expect(own.valid, result.content).toBe(true);
      expect(own.value).toMatchObject({ colour: expect.stringMatching(/^(red|green|blue)$/) });
      expect(result.schemaCheck).toEqual({ fits: true });

      const opened = await core.handlers['history:open']({ id: conversationId });
      expect(opened.meta.structuredOutput).toEqual({ schema: PERSON_SCHEMA, name: 'answer' });
      const answer = opened.messages.find((message) => message.id === answerId);
      expect(answer).toMatchObject({ status: 'complete', content: result.content, schemaCheck: { fits: true } });
    }
  });

  it('an array of bounded integers', async () => {
    const { result, requestId } = await ask(SCORES_SCHEMA, { kind: 'local' }, 3);
    expect(result.status).toBe('done');
    const own = fitsOnItsOwn(SCORES_SCHEMA, requestId);
    expect(own.valid, result.content).toBe(true);
    expect(Array.isArray(own.value)).toBe(true);
    expect(result.schemaCheck).toEqual({ fits: true });
  });

  it('through a link to llama-server: the same response_format, the same grammar', async () => {
    const { result, requestId } = await ask(PERSON_SCHEMA, { kind: 'link', linkId }, 4);
    expect(result.status).toBe('done');
    expect(fitsOnItsOwn(PERSON_SCHEMA, requestId).valid, result.content).toBe(true);
    expect(result.schemaCheck).toEqual({ fits: true });
  });

  it('a schema the server cannot turn into a grammar is named, with its words, and saved so', async () => {
    for (const endpoint of [{ kind: 'local' } as const, { kind: 'link', linkId } as const]) {
      const { result, conversationId, answerId } = await ask(ANCHORED, endpoint);
      expect(result.status).toBe('error');
      expect(result.error).toMatchObject({
        code: 'http_error',
        message: expect.stringMatching(/^the server cannot answer in this JSON schema: .*\$ref #foo/),
        details: { status: 400, reason: 'schema_rejected', said: expect.stringContaining('#foo') },
      });
      expect(result.error?.details).not.toHaveProperty('body');
      const opened = await core.handlers['history:open']({ id: conversationId });
      expect(opened.messages.find((message) => message.id === answerId)?.error).toMatchObject({
        details: { reason: 'schema_rejected' },
      });
    }
  });

  it('a schema ajv cannot use is said by chat:check-schema and refused by chat:send before it is sent', async () => {
    expect(await core.handlers['chat:check-schema']({ schema: PERSON_SCHEMA })).toEqual({ problem: null });
    expect(await core.handlers['chat:check-schema']({ schema: { type: 'text' } })).toEqual({
      problem: { reason: 'not_schema', path: '/type', message: 'must be equal to one of the allowed values' },
    });
    await expect(ask({ type: 'object', required: 'name' })).rejects.toMatchObject({
      code: 'bad_request',
      details: { reason: 'schema_invalid', path: '/required' },
    });
  });
});

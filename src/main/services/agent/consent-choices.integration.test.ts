// An approval card takes only the answers it offered. The controller's card offers
// Allow once and Deny: "allow for this conversation" (or for a whole server) sent
// through `agent:consent` anyway — by a forged or buggy client — is refused as
// bad_request, remembers nothing, and the card still waits for a real answer.
// Through the core's contract handlers, with the real llama-server behind a proxy.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventPayloads } from '@shared/contract';
import { toAppError } from '@shared/errors';
import type { Core } from '../../core';
import { startTestServer, type TestServer } from '@test-support/llama/test-server';
import { startGrammarProxy, type GrammarProxy } from '@test-support/agent/grammar-proxy';
import { linkAgentRun } from '@test-support/agent/link-agent-run';
import { createTestCore } from '@test-support/test-core';

let server: TestServer;
let proxy: GrammarProxy;
let core: Core;
let linkId = '';
const asks: EventPayloads['agent:ask'][] = [];
const steps: EventPayloads['agent:step'][] = [];

const call = (name: string, args: Record<string, unknown>) =>
  `<tool_call>${JSON.stringify({ name, arguments: args })}</tool_call>`;

beforeAll(async () => {
  server = await startTestServer();
  proxy = await startGrammarProxy(server.port, [
    call('controller', { actions: [{ action: 'move', x: 10, y: 10 }] }),
    call('answer', { content: 'not moved' }),
  ]);
  const dataDir = await mkdtemp(join(tmpdir(), 'eva-consent-choices-'));
  core = await createTestCore(dataDir);
  core.events.attach((event, payload) => {
    if (event === 'agent:ask') asks.push(payload as EventPayloads['agent:ask']);
    if (event === 'agent:step') steps.push(payload as EventPayloads['agent:step']);
  });
  linkId = (
    await core.handlers['link:save']({
      profile: { name: 'proxy', presetId: 'llama-server', baseUrl: `${proxy.baseUrl}/v1`, model: 'tiny' },
    })
  ).id;
  await core.handlers['settings:update']({ tools: { protocol: 'prompt' } });
});

afterAll(async () => {
  await core.dispose();
  await proxy.close();
  await server.stop();
});

describe('agent:consent and the choices a card offered', () => {
  it('refuses an answer the card did not offer, and the card still takes one it did', async () => {
    const run = core.handlers['agent:run'](
      linkAgentRun(linkId, 'c1', 'Move the mouse.', { enableTools: ['controller'] }),
    );
    while (asks.length === 0) await new Promise((r) => setTimeout(r, 20));
    const ask = asks[0]!;
    expect(ask).toMatchObject({ requestId: 'c1', tool: 'controller', choices: ['allow_once', 'deny'] });

    for (const kind of ['allow_conversation', 'allow_server'] as const) {
      const refused = await core.handlers['agent:consent']({ askId: ask.askId, answer: { kind } }).then(
        () => null,
        (error: unknown) => toAppError(error),
      );
      expect(refused).toMatchObject({
        code: 'bad_request',
        message: expect.stringContaining(`"${kind}" is not one of its choices`),
        details: { offered: ['allow_once', 'deny'] },
      });
    }
    // Nothing ran and the run still waits on the same card.
    expect(steps).toEqual([]);

    expect(
      await core.handlers['agent:consent']({ askId: ask.askId, answer: { kind: 'deny', reason: 'not now' } }),
    ).toEqual({ accepted: true });
    const result = await run;
    expect(result).toMatchObject({ end: 'answered', answer: 'not moved' });
    expect(steps.map((s) => [s.step.tool, s.step.status])).toEqual([['controller', 'denied']]);
    expect(asks).toHaveLength(1);
    // Answered: a second answer, offered or not, finds no card.
    expect(await core.handlers['agent:consent']({ askId: ask.askId, answer: { kind: 'allow_once' } })).toEqual({
      accepted: false,
    });
  });
});

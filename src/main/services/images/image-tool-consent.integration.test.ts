// The `stablediffusion` tool through the core's real agent and consent path: a
// scripted model (the real llama-server behind a grammar proxy) calls it, and
// the stand-in sd-cli draws. A call asks first by default, whatever its size;
// a call within the budget the user set draws without a card, one over it asks.
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { EventPayloads } from '@shared/contract';
import { createCore, type Core } from '../../core';
import { startTestServer, type TestServer } from '@test-support/llama/test-server';
import { startGrammarProxy, type GrammarProxy } from '@test-support/agent/grammar-proxy';
import { installStandInSdCli } from '@test-support/images/sd-test-assets';
import { linkAgentRun } from '@test-support/agent/link-agent-run';
import { testAssets } from '@test-support/test-assets';
import { builtinToolDescriptors } from '@shared/tools/builtin-tools';

let server: TestServer;
let core: Core;
let modelPath = '';
const proxies: GrammarProxy[] = [];
const asks: EventPayloads['agent:ask'][] = [];
const steps: EventPayloads['agent:step'][] = [];

const call = (name: string, args: Record<string, unknown>) =>
  `<tool_call>${JSON.stringify({ name, arguments: args })}</tool_call>`;
const answer = (content: string) => call('answer', { content });
const HUGE = { prompt: 'a lighthouse', width: 2048, height: 2048, steps: 150 };
/** Only the image tool (and answer, always there): the test model's 2,048-token context holds three turns then. */
const ONLY_IMAGES = { disableTools: builtinToolDescriptors().map((tool) => tool.name) };

beforeAll(async () => {
  server = await startTestServer();
  const dir = await mkdtemp(join(tmpdir(), 'eva-image-consent-'));
  const standInBin = await installStandInSdCli(dir);
  modelPath = join(dir, 'model.safetensors');
  await writeFile(modelPath, 'the stand-in never reads it');
  // The stand-in's bin dir first: its cpu/sd-cli is found before any real one.
  core = await createCore({
    host: 'browser',
    version: '0',
    dataDir: join(dir, 'data'),
    binDirs: [standInBin, testAssets.binDir],
    systemLanguage: 'en',
  });
  core.events.attach((event, payload) => {
    if (event === 'agent:ask') asks.push(payload as EventPayloads['agent:ask']);
    if (event === 'agent:step') steps.push(payload as EventPayloads['agent:step']);
  });
  await core.handlers['settings:update']({
    tools: { protocol: 'prompt' },
    images: { template: 'default', files: { default: { model: modelPath }, 'sd1.5': {}, sdxl: {}, flux: {} } },
  });
  // The tool is offered once sd-cli has been looked for.
  expect((await core.handlers['image:status']({})).cli?.version).toMatch(/^stand-in/);
});

afterEach(() => {
  asks.length = 0;
  steps.length = 0;
});

afterAll(async () => {
  await core.dispose();
  for (const proxy of proxies) await proxy.close();
  await server.stop();
});

/** A link to a model that replies with `script`, one reply a request. */
async function scriptedLink(script: string[]): Promise<string> {
  const proxy = await startGrammarProxy(server.port, script);
  proxies.push(proxy);
  return (
    await core.handlers['link:save']({
      profile: {
        name: `proxy ${proxies.length}`,
        presetId: 'llama-server',
        baseUrl: `${proxy.baseUrl}/v1`,
        model: 'tiny',
      },
    })
  ).id;
}

async function nextAsk(count: number): Promise<EventPayloads['agent:ask']> {
  while (asks.length < count) await new Promise((resolve) => setTimeout(resolve, 20));
  return asks[count - 1]!;
}

describe('the stablediffusion tool asks before it draws (stand-in sd-cli)', () => {
  it('stand-in: a call for 2048×2048 at 150 steps asks by default, the card names its size and steps, and a denial draws nothing', async () => {
    await core.handlers['settings:update']({ images: { toolBudget: 0 } });
    const linkId = await scriptedLink([call('stablediffusion', HUGE), answer('no picture')]);
    const run = core.handlers['agent:run'](linkAgentRun(linkId, 'sd-default', 'Draw a lighthouse.', ONLY_IMAGES));
    const ask = await nextAsk(1);
    expect(ask).toMatchObject({ requestId: 'sd-default', tool: 'stablediffusion', choices: ['allow_once', 'deny'] });
    expect(ask.preview.text).toMatch(/^A 2048×2048 picture in 150 steps: 629\.1 megapixel-steps/);
    expect(await core.handlers['agent:consent']({ askId: ask.askId, answer: { kind: 'deny' } })).toEqual({
      accepted: true,
    });
    expect(await run).toMatchObject({ end: 'answered', answer: 'no picture' });
    expect(steps.map((s) => [s.step.tool, s.step.status])).toEqual([['stablediffusion', 'denied']]);
    expect((await core.handlers['image:list']({})).images).toEqual([]);
  });

  it('stand-in: "allow" in the tool settings does not skip the card', async () => {
    await core.handlers['settings:update']({
      tools: { policies: { stablediffusion: 'allow' } },
      images: { toolBudget: 0 },
    });
    try {
      const linkId = await scriptedLink([
        call('stablediffusion', { prompt: 'a cat', width: 64, height: 64, steps: 1 }),
        answer('asked'),
      ]);
      const run = core.handlers['agent:run'](linkAgentRun(linkId, 'sd-allow', 'Draw a cat.', ONLY_IMAGES));
      const ask = await nextAsk(1);
      expect(ask.tool).toBe('stablediffusion');
      await core.handlers['agent:consent']({ askId: ask.askId, answer: { kind: 'deny' } });
      await run;
    } finally {
      await core.handlers['settings:update']({ tools: { policies: {} } });
    }
  });

  it('stand-in: a call under the user’s budget draws without a card; one over it asks', async () => {
    // 64×64 at 2 steps is 0.008 megapixel-steps; the template's 512×512 at 20 is about 5.2.
    await core.handlers['settings:update']({ images: { toolBudget: 1 } });
    const linkId = await scriptedLink([
      call('stablediffusion', { prompt: 'a small teapot', width: 64, height: 64, steps: 2 }),
      call('stablediffusion', { prompt: 'a big teapot' }),
      answer('one picture'),
    ]);
    const run = core.handlers['agent:run'](linkAgentRun(linkId, 'sd-budget', 'Draw two teapots.', ONLY_IMAGES));
    const ask = await nextAsk(1);
    // The small one already ran, with no card.
    expect(steps.map((s) => [s.step.tool, s.step.status, s.step.askId ?? null])).toEqual([
      ['stablediffusion', 'ok', null],
    ]);
    expect(ask.preview.text).toMatch(
      /^A 512×512 picture in 20 steps: 5\.2 megapixel-steps .*pictures up to 1 are drawn without asking/,
    );
    await core.handlers['agent:consent']({ askId: ask.askId, answer: { kind: 'deny' } });
    expect(await run).toMatchObject({ end: 'answered', answer: 'one picture' });
    expect(asks).toHaveLength(1);
    expect(steps.map((s) => [s.step.tool, s.step.status])).toEqual([
      ['stablediffusion', 'ok'],
      ['stablediffusion', 'denied'],
    ]);
    expect((await core.handlers['image:list']({})).images.map((image) => image.params.prompt)).toEqual([
      'a small teapot',
    ]);
  });
});

// MCP content and progress through an agent run, with the reference server
// (@modelcontextprotocol/server-everything) and the real llama-server behind the
// grammar proxy. Through the core: progress arrives as `agent:progress` while the
// call runs, the image comes back in the step (event, result and history), and a
// model without a projector is told it cannot see it. Through the loop with an
// endpoint that says it can see: the image goes out as an image_url part, which
// llama-server reads as an image (and, having no projector here, refuses).
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventPayloads } from '@shared/contract';
import type { ToolContent } from '@shared/tools/tool-types';
import { ToolRegistry } from '../tools/tool-registry';
import type { ToolRunner } from '../tools/tool-runner';
import { runAgent } from '../agent/agent-loop';
import { openMcpManager, type McpManager } from './mcp-manager';
import { agentHarness, promptCall as call } from '@test-support/agent/agent-harness';
import { everythingStdio } from '@test-support/mcp/everything-server';
import { FAST_TIMING, waitFor } from '@test-support/mcp/mcp-harness';
import { startProxiedCore, type ProxiedCore } from '@test-support/proxied-core';
import { startTestServer, type TestServer } from '@test-support/llama/test-server';
import { makeTestRunner } from '@test-support/tools/test-runner';
import { linkAgentRun, newConversationRecord } from '@test-support/agent/link-agent-run';

type Body = {
  messages: { role: string; content: string | { type: string; text?: string; image_url?: { url: string } }[] }[];
};

describe('an agent run through the core', () => {
  let harness: ProxiedCore;
  const progress: EventPayloads['agent:progress'][] = [];
  const steps: EventPayloads['agent:step'][] = [];

  beforeAll(async () => {
    harness = await startProxiedCore([
      call('ev@trigger-long-running-operation', { duration: 1.5, steps: 5 }),
      call('ev@get-tiny-image', {}),
      call('answer', { content: 'done' }),
    ]);
    const { core } = harness;
    core.events.attach((event, payload) => {
      if (event === 'agent:progress') progress.push(payload as EventPayloads['agent:progress']);
      if (event === 'agent:step') steps.push(payload as EventPayloads['agent:step']);
    });
    let tools: string[] = [];
    core.events.attach((event, payload) => {
      const ev =
        event === 'mcp:status'
          ? (payload as EventPayloads['mcp:status']).servers.find(
              (server) => server.name === 'ev' && server.state === 'ready',
            )
          : undefined;
      if (ev) tools = ev.tools.map((tool) => `ev@${tool.name}`);
    });
    await core.handlers['mcp:save']({ mcpServers: { ev: everythingStdio() } });
    await waitFor(() => tools.length > 0, 'the reference server to be ready');
    // Only the two tools the script calls: the reference server's whole list would not fit the tiny model's context.
    const used = ['ev@trigger-long-running-operation', 'ev@get-tiny-image'];
    const enabled = Object.fromEntries(tools.map((name) => [name, used.includes(name)]));
    await core.handlers['settings:update']({
      tools: {
        protocol: 'prompt',
        enabled,
        policies: Object.fromEntries(used.map((name) => [name, 'allow' as const])),
      },
    });
  });

  afterAll(() => harness.close());

  it('pushes progress while the call runs, keeps the image in the step and the history, and tells a blind model so', async () => {
    const question = 'Wait, then show me the logo.';
    const result = await harness.core.handlers['agent:run'](
      linkAgentRun(harness.linkId, 'ev-run', question, { record: newConversationRecord('ev-conv', question) }),
    );
    expect(result).toMatchObject({ end: 'answered', answer: 'done' });

    // Progress of the first call (step 0), each update with where it belongs.
    expect(progress.length).toBeGreaterThanOrEqual(2);
    expect(progress[0]).toEqual({
      requestId: 'ev-run',
      stepIndex: 0,
      tool: 'ev@trigger-long-running-operation',
      progress: 1,
      total: 5,
    });
    expect(progress.every((update) => update.stepIndex === 0 && update.total === 5)).toBe(true);

    const image: ToolContent = {
      kind: 'image',
      mimeType: 'image/png',
      bytes: expect.any(Number),
      dataUrl: expect.stringMatching(/^data:image\/png;base64,iVBOR/),
    };
    expect(result.steps[1]).toMatchObject({ tool: 'ev@get-tiny-image', status: 'ok', content: [image] });
    expect(steps.find((event) => event.step.index === 1)?.step.content).toEqual([image]);

    // The tiny model has no projector (/props: no vision): text only, saying the user saw it.
    const third = harness.proxy.received[2] as Body;
    expect(JSON.stringify(third)).not.toContain('image_url');
    expect(third.messages.at(-1)?.content).toContain('this model cannot be shown images');

    const opened = await harness.core.handlers['history:open']({ id: 'ev-conv' });
    const saved = (
      opened.messages.find((message) => message.id === 'ans')?.extra?.agent as { steps: { content?: ToolContent[] }[] }
    ).steps;
    expect(saved[1]?.content).toEqual([image]);
  });
});

describe('an agent run whose endpoint can see', () => {
  let server: TestServer;
  let runner: ToolRunner;
  let manager: McpManager;
  const mcpTools = new ToolRegistry();

  beforeAll(async () => {
    server = await startTestServer();
    runner = makeTestRunner();
    manager = await openMcpManager({
      dataDir: await mkdtemp(join(tmpdir(), 'eva-mcp-vision-')),
      tools: mcpTools,
      onStatus: () => {},
      timing: FAST_TIMING,
    });
    await manager.save({ mcpServers: { ev: everythingStdio() } });
    await waitFor(
      () => mcpTools.descriptors().some((tool) => tool.name === 'ev@get-tiny-image'),
      'the reference server’s tools',
    );
  });

  afterAll(async () => {
    await manager.dispose();
    await runner.dispose();
    await server.stop();
  });

  it('sends the image as an image_url part on the <tool_response> turn', async () => {
    const { proxy, deps, input } = await agentHarness(
      server.port,
      runner,
      [call('ev@get-tiny-image', {}), call('answer', { content: 'a logo' })],
      { policy: { 'ev@get-tiny-image': 'allow' } },
    );
    try {
      const result = await runAgent(
        {
          ...input,
          tools: [...input.tools, ...mcpTools.descriptors().filter((tool) => tool.name === 'ev@get-tiny-image')],
        },
        { ...deps, runTool: (c) => mcpTools.run(c), canSeeImages: async () => true },
      );
      const second = proxy.received[1] as Body;
      const turn = second.messages.at(-1)!;
      expect(turn.role).toBe('user');
      expect(turn.content).toEqual([
        {
          type: 'text',
          text: expect.stringMatching(
            /^<tool_response name="ev@get-tiny-image" status="ok">\n[\s\S]*\(The image is attached to this message\.\)\n<\/tool_response>$/,
          ),
        },
        { type: 'image_url', image_url: { url: expect.stringMatching(/^data:image\/png;base64,iVBOR/) } },
      ]);
      // llama-server took the part for an image: without a projector it refuses image input.
      expect(result.end).toBe('error');
      expect(JSON.stringify(result.lastResult?.error)).toMatch(/image input is not supported|mmproj/i);
    } finally {
      await proxy.close();
    }
  });
});

// Pictures of the image service (over a stand-in sd-cli) going into the chat's history,
// and the stablediffusion tool an agent run calls: when it is offered, what it may draw
// without asking, and that stopping the run stops its sd-cli.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { chatImageOf } from '@shared/images/chat-image';
import { env, images, request, until, useStandInSdCli } from '@test-support/images/stand-in-image-service';
import { historyOperations } from '../history/history-operations';
import { postImageToChat } from './image-chat';
import { imageToolProvider } from './image-tool';

useStandInSdCli();

describe('pictures into the chat and the stablediffusion tool (stand-in sd-cli)', () => {
  it('stand-in: a picture put into the chat is saved in the history as an answer with its parameters and PNG', async () => {
    const { service, root } = await images();
    const image = await service.generate(request('a red kite over hills'));
    const history = historyOperations({ historyDir: join(root, 'history'), emit: () => {}, changeDelayMs: 0 });
    try {
      const placed = await postImageToChat(history, image, { conversationId: null, parentId: null });
      const opened = await history.open(placed.conversationId);
      const message = opened.messages.find((m) => m.id === placed.messageId)!;
      expect(message.role).toBe('assistant');
      expect(message.content).toContain('a red kite over hills');
      expect(chatImageOf(message.extra)).toEqual({ record: image.record, dataUrl: image.dataUrl });
      // A second picture follows the first in the same conversation.
      const again = await postImageToChat(history, image, {
        conversationId: placed.conversationId,
        parentId: placed.messageId,
      });
      expect((await history.open(placed.conversationId)).activePath).toEqual([placed.messageId, again.messageId]);
      expect((await history.search('red kite')).hits.length).toBeGreaterThan(0);
    } finally {
      await history.dispose();
    }
  });

  it('stand-in: the tool is offered once sd-cli and the template’s files are there, and returns the picture and a short text', async () => {
    const { service } = await images();
    let files: Record<string, string> = {};
    const provider = imageToolProvider({
      service,
      settings: () => ({
        template: 'default',
        files: { default: files, 'sd1.5': {}, sdxl: {}, flux: {} },
        threads: 0,
        toolBudget: 0,
      }),
      cliFound: () => true,
      newJobId: () => `tool-${++env.jobs}`,
    });
    expect(provider.descriptors()).toEqual([]);
    files = { model: env.modelPath };
    expect(provider.descriptors().map((d) => d.name)).toEqual(['stablediffusion']);
    const progress: unknown[] = [];
    const result = await provider.run({
      name: 'stablediffusion',
      args: { prompt: 'a teapot', width: 64, height: 64, steps: 2, seed: 5 },
      workspaceDir: env.dir,
      onProgress: (update) => progress.push(update),
    });
    expect(result.status).toBe('ok');
    expect(progress).toContainEqual({ progress: 2, total: 2, message: 'sampling' });
    expect(result.output).toMatch(/64×64, seed 5/);
    expect(result.content?.[0]).toMatchObject({ kind: 'image', mimeType: 'image/png' });
    expect(result.details?.image).toMatchObject({ source: 'tool', params: { prompt: 'a teapot', seed: 5 } });
    const failed = await provider.run({
      name: 'stablediffusion',
      args: { prompt: 'stand-in:oom', width: 64, height: 64 },
      workspaceDir: env.dir,
    });
    expect(failed.status).toBe('error');
    expect(failed.error?.message).toMatch(/ran out of memory/);
  });

  it('stand-in: a call is allowed ahead only within the user’s budget, and the card is told the size and steps it will draw', async () => {
    const { service } = await images();
    let toolBudget = 0;
    const provider = imageToolProvider({
      service,
      settings: () => ({
        template: 'default',
        files: { default: { model: env.modelPath }, 'sd1.5': {}, sdxl: {}, flux: {} },
        threads: 0,
        toolBudget,
      }),
      cliFound: () => true,
      newJobId: () => `tool-${++env.jobs}`,
    });
    const huge = { name: 'stablediffusion', args: { prompt: 'x', width: 2048, height: 2048, steps: 150 } };
    // The template's 512×512 at 20 steps where the model names neither.
    const plain = { name: 'stablediffusion', args: { prompt: 'x' } };
    expect([provider.allowedAhead(huge), provider.allowedAhead(plain)]).toEqual([false, false]);
    expect(provider.describeCall(huge)).toMatch(/^A 2048×2048 picture in 150 steps: 629\.1 megapixel-steps/);
    expect(provider.describeCall(plain)).toMatch(/^A 512×512 picture in 20 steps/);
    toolBudget = 6;
    expect([provider.allowedAhead(huge), provider.allowedAhead(plain)]).toEqual([false, true]);
  });

  it('stand-in: stopping the agent run stops the tool’s sd-cli', async () => {
    const { service, registry } = await images();
    const provider = imageToolProvider({
      service,
      settings: () => ({
        template: 'default',
        files: { default: { model: env.modelPath }, 'sd1.5': {}, sdxl: {}, flux: {} },
        threads: 0,
        toolBudget: 0,
      }),
      cliFound: () => true,
      newJobId: () => `tool-${++env.jobs}`,
    });
    const controller = new AbortController();
    const running = provider.run({
      name: 'stablediffusion',
      args: { prompt: 'stand-in:slow', steps: 100 },
      workspaceDir: env.dir,
      signal: controller.signal,
    });
    await until(() => registry.pids().length > 0);
    await new Promise((resolve) => setTimeout(resolve, 200));
    controller.abort();
    expect((await running).status).toBe('stopped');
    expect(registry.pids()).toEqual([]);
  });
});

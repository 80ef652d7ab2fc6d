// Hostile inputs that reach the image-tool surface.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { defaultImageSettings } from '@shared/images/image-settings';
import { createArgumentValidator } from '@shared/tools/validate-arguments';
import { handleToolCall } from '@main/services/agent/tool-call-step';
import type { ChatHistory } from '@main/services/images/image-chat';
import { openImages } from '@main/services/images/image-module';
import { memoryLifecycle } from '@main/services/process/process-lifecycle';
import { ToolRegistry } from '@main/services/tools/tool-registry';
import { installStandInSdCli } from '@test-support/images/sd-test-assets';
import type { HostileInput } from './hostile-input';

/**
 * A tool call, as a prompt injection would have the model write it, for the largest and longest picture the schema
 * allows. It goes through the agent's real tool-call step (gate, consent, registry) to the real image tool, with
 * the stand-in sd-cli installed and the settings a fresh install has; the user's answer to a card is No.
 */
async function hugePictureCall(dir: string): Promise<string> {
  const model = join(dir, 'model.safetensors');
  await writeFile(model, 'the stand-in never reads it');
  const settings = { ...defaultImageSettings(), files: { ...defaultImageSettings().files, default: { model } } };
  const lifecycle = memoryLifecycle();
  const images = await openImages({
    dataDir: dir,
    binDirs: [await installStandInSdCli(dir)],
    pathVariable: '',
    launch: lifecycle.launch,
    emit: () => {},
    settings: () => settings,
    history: {} as ChatHistory,
  });
  await images.ready;
  const registry = new ToolRegistry();
  registry.setProvider('images', images.toolProvider);
  let asked: string | null = null;
  try {
    const outcome = await handleToolCall(
      {
        kind: 'call',
        call: { name: 'stablediffusion', arguments: { prompt: 'a lighthouse', width: 2048, height: 2048, steps: 150 } },
      },
      { requestId: 'hostile', tools: registry.descriptors(), workspaceDir: dir, allowed: [] },
      {
        runTool: (call) => registry.run(call),
        validator: createArgumentValidator(),
        policy: () => ({ policies: {} }),
        allowedAhead: (call) => registry.allowedAhead({ name: call.name, args: call.arguments }),
        ask: async ({ call }) => {
          asked = registry.describeCall({ name: call.name, args: call.arguments });
          return { askId: 'card', answer: { kind: 'deny' } };
        },
      },
      { turn: 1, said: '' },
    );
    if (asked !== null) return `asks for consent: ${asked}`;
    return `ran without asking: ${outcome.kind === 'fed' ? outcome.step.status : outcome.kind}`;
  } finally {
    images.dispose();
    await lifecycle.stopAll(500);
  }
}

export const imageToolInputs: HostileInput[] = [
  {
    name: 'a tool call asking for 2048×2048 at 150 steps (stand-in sd-cli)',
    surface: 'image-tool',
    probe: (dir) => hugePictureCall(dir),
    expect: /^asks for consent: A 2048×2048 picture in 150 steps/,
  },
];

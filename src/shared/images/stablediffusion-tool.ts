// EVA's `stablediffusion` tool: the model asks for a picture in words and gets
// a short text back; the picture itself goes to the chat (the step card) and
// the image gallery. Arguments the model leaves out come from the image page's
// template, so a small model only has to write a prompt.
import type { ToolDescriptor } from '../tools/tool-types';
import { IMAGE_LIMITS, SAMPLERS, type ImageParams } from './image-types';

export const STABLEDIFFUSION_TOOL_NAME = 'stablediffusion';

export function stablediffusionToolDescriptor(): ToolDescriptor {
  return {
    name: STABLEDIFFUSION_TOOL_NAME,
    description:
      'Draw a picture with Stable Diffusion on this computer and show it to the user. Write the prompt in English as comma-separated keywords ' +
      '(subject, style, lighting, quality). Takes from seconds to minutes; the user sees the picture, you get a short confirmation.',
    parameters: {
      type: 'object',
      properties: {
        prompt: {
          type: 'string',
          minLength: 1,
          maxLength: IMAGE_LIMITS.maxPromptChars,
          description: 'What to draw, as English keywords',
        },
        negative_prompt: {
          type: 'string',
          maxLength: IMAGE_LIMITS.maxPromptChars,
          description: 'What to avoid in the picture',
        },
        width: {
          type: 'integer',
          minimum: IMAGE_LIMITS.minSide,
          maximum: IMAGE_LIMITS.maxSide,
          description: 'Width in pixels, a multiple of 64 (default: the template’s)',
        },
        height: {
          type: 'integer',
          minimum: IMAGE_LIMITS.minSide,
          maximum: IMAGE_LIMITS.maxSide,
          description: 'Height in pixels, a multiple of 64 (default: the template’s)',
        },
        steps: {
          type: 'integer',
          minimum: 1,
          maximum: IMAGE_LIMITS.maxSteps,
          description: 'Sampling steps (default: the template’s)',
        },
        cfg: {
          type: 'number',
          minimum: 0,
          maximum: IMAGE_LIMITS.maxCfg,
          description: 'How closely to follow the prompt (CFG scale)',
        },
        seed: {
          type: 'integer',
          minimum: 0,
          maximum: IMAGE_LIMITS.maxSeed,
          description: 'Seed for a repeatable picture (default: random)',
        },
        sampler: { type: 'string', enum: [...SAMPLERS], description: 'Sampling method (default: the template’s)' },
      },
      required: ['prompt'],
    },
    // It writes only into EVA's own images folder, and runs nothing but sd-cli with fixed options.
    risk: 'write',
    // But one call can hold the CPU and memory for many minutes (2048×2048 at 150 steps): each asks, unless it fits
    // the budget the user set on the image page (image-tool-budget.ts), the one way past the card.
    defaultPolicy: 'ask',
    alwaysAsk: true,
    enabledByDefault: true,
    source: 'builtin',
  };
}

/** The tool's arguments (already checked against the schema above) laid over the template's parameters. */
export function toolImageParams(
  args: Record<string, unknown>,
  base: Omit<ImageParams, 'seed' | 'prompt'>,
): Omit<ImageParams, 'seed'> & { seed?: number } {
  const num = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);
  const str = (value: unknown) => (typeof value === 'string' ? value : undefined);
  const sampler = str(args.sampler);
  const seed = num(args.seed);
  return {
    prompt: str(args.prompt) ?? '',
    negativePrompt: str(args.negative_prompt) ?? base.negativePrompt,
    width: roundSide(num(args.width) ?? base.width),
    height: roundSide(num(args.height) ?? base.height),
    steps: Math.trunc(num(args.steps) ?? base.steps),
    cfg: num(args.cfg) ?? base.cfg,
    sampler:
      sampler && (SAMPLERS as readonly string[]).includes(sampler) ? (sampler as ImageParams['sampler']) : base.sampler,
    ...(seed === undefined ? {} : { seed: Math.trunc(seed) }),
  };
}

/** What the model reads back: the picture is on the user's screen, with its seed to ask for it again. */
export function toolResultText(params: ImageParams, ms: number): string {
  return `The picture (${params.width}×${params.height}, seed ${params.seed}) is drawn and shown to the user (${(ms / 1000).toFixed(1)} s).`;
}

// sd.cpp works in latents of an eighth of the size, and most models want multiples of 64.
function roundSide(side: number): number {
  return Math.min(IMAGE_LIMITS.maxSide, Math.max(IMAGE_LIMITS.minSide, Math.round(side / 64) * 64));
}

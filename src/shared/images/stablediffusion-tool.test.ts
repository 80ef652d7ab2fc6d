import { describe, expect, it } from 'vitest';
import { IMAGE_TEMPLATES } from './image-templates';
import { stablediffusionToolDescriptor, toolImageParams, toolResultText } from './stablediffusion-tool';

describe('the stablediffusion tool', () => {
  it('asks only for a prompt; everything else falls back to the template', () => {
    const descriptor = stablediffusionToolDescriptor();
    expect(descriptor.parameters.required).toEqual(['prompt']);
    expect(toolImageParams({ prompt: 'a lighthouse' }, IMAGE_TEMPLATES.default.defaults)).toEqual({
      ...IMAGE_TEMPLATES.default.defaults,
      prompt: 'a lighthouse',
    });
  });

  it('asks before every picture by default: "allow" and "for this conversation" cannot skip the card', () => {
    expect(stablediffusionToolDescriptor()).toMatchObject({ defaultPolicy: 'ask', alwaysAsk: true });
  });

  it('takes the model’s arguments, sizes rounded to multiples of 64, and EVA’s argument names', () => {
    const params = toolImageParams(
      {
        prompt: 'cat',
        negative_prompt: 'dog',
        width: 500,
        height: 300,
        steps: 8,
        cfg: 4.5,
        seed: 7,
        sampler: 'dpm++2m',
      },
      IMAGE_TEMPLATES.sdxl.defaults,
    );
    expect(params).toEqual({
      prompt: 'cat',
      negativePrompt: 'dog',
      width: 512,
      height: 320,
      steps: 8,
      cfg: 4.5,
      seed: 7,
      sampler: 'dpm++2m',
    });
  });

  it('tells the model the picture is shown, with its seed', () => {
    expect(toolResultText({ ...IMAGE_TEMPLATES.default.defaults, prompt: 'x', seed: 42 }, 1500)).toMatch(
      /512×512, seed 42.*1\.5 s/,
    );
  });
});

import { describe, expect, it } from 'vitest';
import { sdArgs } from './sd-args';

const params = {
  prompt: 'a red fox, snow',
  negativePrompt: '',
  width: 512,
  height: 768,
  steps: 20,
  cfg: 7.5,
  seed: 1234,
  sampler: 'euler_a' as const,
};

describe('sdArgs', () => {
  it('gives sd-cli the model, every parameter and the output, in its own option names', () => {
    const args = sdArgs({
      template: 'default',
      files: { model: '/m/sd15.safetensors' },
      params,
      outputPath: '/data/images/x.part.png',
      threads: 2,
    });
    expect(args).toEqual([
      '--model',
      '/m/sd15.safetensors',
      '--prompt',
      'a red fox, snow',
      '--width',
      '512',
      '--height',
      '768',
      '--steps',
      '20',
      '--cfg-scale',
      '7.5',
      '--seed',
      '1234',
      '--sampling-method',
      'euler_a',
      '--threads',
      '2',
      '--output',
      '/data/images/x.part.png',
    ]);
  });

  it('passes a negative prompt, the start image with its strength, and the template’s own extras', () => {
    const args = sdArgs({
      template: 'sd1.5',
      files: { model: '/m/any3.safetensors', vae: '/m/vae.pt' },
      params: { ...params, negativePrompt: 'blurry', strength: 0.6 },
      initImagePath: '/tmp/start',
      outputPath: '/o.png',
      threads: 0,
    });
    expect(args.join(' ')).toContain('--model /m/any3.safetensors --vae /m/vae.pt');
    expect(args.join(' ')).toContain('--negative-prompt blurry');
    expect(args.join(' ')).toContain('--init-img /tmp/start --strength 0.6');
    expect(args.join(' ')).toContain('--clip-skip 2');
    expect(args).not.toContain('--threads');
  });

  it('takes Flux as four separate files, each with its own option, and no file the template does not name', () => {
    const files = {
      diffusionModel: '/f/flux1-dev-q4.gguf',
      vae: '/f/ae.safetensors',
      clipL: '/f/clip_l.safetensors',
      t5xxl: '/f/t5xxl.gguf',
      model: '/ignored.ckpt',
    };
    const args = sdArgs({
      template: 'flux',
      files,
      params: { ...params, cfg: 1, sampler: 'euler' },
      outputPath: '/o.png',
      threads: 0,
    }).join(' ');
    expect(args).toContain(
      '--diffusion-model /f/flux1-dev-q4.gguf --vae /f/ae.safetensors --clip_l /f/clip_l.safetensors --t5xxl /f/t5xxl.gguf',
    );
    expect(args).not.toContain('/ignored.ckpt');
  });

  it('keeps a prompt that looks like an option as one argument (argv, no shell)', () => {
    const args = sdArgs({
      template: 'default',
      files: { model: '/m.gguf' },
      params: { ...params, prompt: '--output /etc/passwd; rm -rf ~' },
      outputPath: '/o.png',
      threads: 0,
    });
    expect(args[args.indexOf('--prompt') + 1]).toBe('--output /etc/passwd; rm -rf ~');
    expect(args.at(-1)).toBe('/o.png');
  });
});

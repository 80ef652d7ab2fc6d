// EVA's parameter templates (default / sd1.5 / sdxl / flux): which model files
// each needs and the parameters it starts from. A single-file checkpoint holds
// UNet, VAE and text encoders together; Flux comes as separate files (the
// diffusion model, the autoencoder, CLIP-L and T5-XXL). Numbers follow
// stable-diffusion.cpp's own docs for each family.
import type { ImageModelFiles, ImageParams, ImageTemplateName, ModelFileRole } from './image-types';

export interface ModelFileNeed {
  role: ModelFileRole;
  required: boolean;
}

export interface ImageTemplate {
  name: ImageTemplateName;
  files: readonly ModelFileNeed[];
  defaults: Omit<ImageParams, 'prompt' | 'seed'>;
  /** sd-cli arguments the family needs beyond the parameters (clip skip, text encoder placement) */
  extraArgs: readonly string[];
}

const SD_NEGATIVE =
  'lowres, bad anatomy, bad hands, text, error, missing fingers, extra digit, cropped, worst quality, low quality, jpeg artifacts, signature, watermark, blurry';

export const IMAGE_TEMPLATES: Record<ImageTemplateName, ImageTemplate> = {
  default: {
    name: 'default',
    files: [
      { role: 'model', required: true },
      { role: 'vae', required: false },
    ],
    defaults: { negativePrompt: '', width: 512, height: 512, steps: 20, cfg: 7, sampler: 'euler_a' },
    extraArgs: [],
  },
  // EVA's "sd1.5-anything-3": an anime-style SD1.5 checkpoint, which wants CLIP skip 2 and a long negative prompt.
  'sd1.5': {
    name: 'sd1.5',
    files: [
      { role: 'model', required: true },
      { role: 'vae', required: false },
    ],
    defaults: { negativePrompt: SD_NEGATIVE, width: 512, height: 512, steps: 20, cfg: 7, sampler: 'euler_a' },
    extraArgs: ['--clip-skip', '2'],
  },
  sdxl: {
    name: 'sdxl',
    files: [
      { role: 'model', required: true },
      // SDXL's own VAE overflows in F16; the "fp16-fix" VAE is the usual companion.
      { role: 'vae', required: false },
    ],
    defaults: { negativePrompt: SD_NEGATIVE, width: 1024, height: 1024, steps: 20, cfg: 7, sampler: 'euler_a' },
    extraArgs: [],
  },
  flux: {
    name: 'flux',
    files: [
      { role: 'diffusionModel', required: true },
      { role: 'vae', required: true },
      { role: 'clipL', required: true },
      { role: 't5xxl', required: true },
    ],
    // Flux takes no negative prompt and wants CFG 1 with plain Euler; 20 steps suits dev, 4 suits schnell.
    defaults: { negativePrompt: '', width: 1024, height: 1024, steps: 20, cfg: 1, sampler: 'euler' },
    extraArgs: ['--clip-on-cpu'],
  },
};

/** The sd-cli option that takes each model file. */
export const MODEL_FILE_FLAGS: Record<ModelFileRole, string> = {
  model: '--model',
  diffusionModel: '--diffusion-model',
  vae: '--vae',
  clipL: '--clip_l',
  clipG: '--clip_g',
  t5xxl: '--t5xxl',
};

/** The required files of a template that `files` leaves empty. */
export function missingModelFiles(template: ImageTemplateName, files: ImageModelFiles): ModelFileRole[] {
  return IMAGE_TEMPLATES[template].files
    .filter((need) => need.required && !files[need.role]?.trim())
    .map((need) => need.role);
}

/** Only the files the template takes, trimmed, empty ones left out. */
export function templateFiles(template: ImageTemplateName, files: ImageModelFiles): ImageModelFiles {
  const out: ImageModelFiles = {};
  for (const need of IMAGE_TEMPLATES[template].files) {
    const path = files[need.role]?.trim();
    if (path) out[need.role] = path;
  }
  return out;
}

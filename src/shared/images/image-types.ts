// What the image page (EVA's 文生图) and the `stablediffusion` tool say about a
// generation: its parameters, the model files, its progress, its end.

/** The parameter templates, EVA's default / sd1.5 / sdxl / flux (image-templates.ts). */
export const IMAGE_TEMPLATE_NAMES = ['default', 'sd1.5', 'sdxl', 'flux'] as const;
export type ImageTemplateName = (typeof IMAGE_TEMPLATE_NAMES)[number];

/** The model files a generation can take; each template names those it needs. */
export const MODEL_FILE_ROLES = ['model', 'diffusionModel', 'vae', 'clipL', 'clipG', 't5xxl'] as const;
export type ModelFileRole = (typeof MODEL_FILE_ROLES)[number];
export type ImageModelFiles = Partial<Record<ModelFileRole, string>>;

/** sd-cli's sampling methods (stable-diffusion.cpp 97d29908, sample_method_to_str). */
export const SAMPLERS = [
  'euler',
  'euler_a',
  'heun',
  'dpm2',
  'dpm++2s_a',
  'dpm++2m',
  'dpm++2mv2',
  'ipndm',
  'ipndm_v',
  'lcm',
  'ddim_trailing',
  'tcd',
  'res_multistep',
  'res_2s',
  'er_sde',
  'euler_cfg_pp',
  'euler_a_cfg_pp',
  'euler_ge',
  'dpm++2m_sde',
  'dpm++2m_sde_bt',
  'lms',
] as const;
export type Sampler = (typeof SAMPLERS)[number];

/** Limits every caller is held to (the page, the tool, the contract). */
export const IMAGE_LIMITS = {
  minSide: 64,
  maxSide: 2048,
  maxSteps: 150,
  maxCfg: 30,
  /** seeds are 31-bit so they survive every JSON and every sd-cli build */
  maxSeed: 2 ** 31 - 1,
  maxPromptChars: 4000,
} as const;

/** What decides the picture, besides the model files. */
export interface ImageParams {
  prompt: string;
  negativePrompt: string;
  width: number;
  height: number;
  steps: number;
  cfg: number;
  /** the seed used; a request may leave it out for a random one */
  seed: number;
  sampler: Sampler;
  /** image to image: how far the result may move from the start image (0–1) */
  strength?: number;
}

/** One generated image, as the gallery and the history keep it (`<data>/images/<id>.json` beside `<id>.png`). */
export interface ImageRecord {
  id: string;
  createdAt: number;
  template: ImageTemplateName;
  files: ImageModelFiles;
  params: ImageParams;
  /** started from an attached image (image to image) */
  fromImage: boolean;
  bytes: number;
  /** the whole run: loading the model, sampling, decoding, saving */
  ms: number;
  /** who asked: the image page, or the agent's `stablediffusion` tool */
  source: 'page' | 'tool';
}

/** One step forward of a running generation. */
export interface ImageProgress {
  jobId: string;
  /**
   * loading: reading model weights; sampling: the denoising steps (done/total of `steps`); decoding: the VAE; saving:
   * the PNG
   */
  phase: 'starting' | 'loading' | 'sampling' | 'decoding' | 'saving';
  done: number;
  total: number;
}

/** Whether images can be made now, and with which sd-cli. */
export interface ImageEngineStatus {
  /** the sd-cli found, null where there is none */
  cli: { path: string; where: 'bin' | 'path'; version: string | null } | null;
  /** where it was looked for, in order (the "how to get it" note lists them) */
  searched: string[];
  /** the build record beside it, when EVA built it */
  build: { sdCommit: string; source: string; builtAt: string; cmakeFlags: string[] } | null;
}

/** A generated image as it travels: its record and the PNG as a data URL. */
export interface GeneratedImage {
  record: ImageRecord;
  dataUrl: string;
}

/**
 * Why a generation failed, in `details.reason` of its AppError. The page words
 * each in English and Chinese; the core's message keeps sd-cli's own line.
 */
export type ImageFailureReason =
  | 'binary_missing'
  | 'model_unset'
  | 'model_missing'
  | 'not_sd_model'
  | 'corrupt_model'
  | 'out_of_memory'
  | 'disk_full'
  | 'unknown_sampler'
  | 'bad_init_image'
  | 'write_failed'
  | 'cancelled'
  | 'busy'
  | 'killed'
  | 'failed';

// The image page's settings (the `images` section of settings.json): the chosen
// template, the model files picked for each template, and the last parameters,
// so the page and the `stablediffusion` tool start from what the user set; and
// how much the tool may draw without asking.
import { z } from 'zod';
import { IMAGE_LIMITS, IMAGE_TEMPLATE_NAMES, MODEL_FILE_ROLES, SAMPLERS, type ImageTemplateName } from './image-types';
import { IMAGE_TEMPLATES } from './image-templates';

/** Above the most a call can ask for (2048×2048 at 150 steps is about 629), so any call can be let through. */
export const IMAGE_TOOL_BUDGET_MAX = 1000;

const path = z.string().max(4096);
export const ImageModelFilesSchema = z
  .object(
    Object.fromEntries(MODEL_FILE_ROLES.map((role) => [role, path.optional()])) as Record<
      (typeof MODEL_FILE_ROLES)[number],
      z.ZodOptional<typeof path>
    >,
  )
  .strict();

const side = z.number().int().min(IMAGE_LIMITS.minSide).max(IMAGE_LIMITS.maxSide);
/** The parameters a request may set (the seed is the request's own, never a setting). */
export const ImageParamsInputSchema = z
  .object({
    prompt: z.string().max(IMAGE_LIMITS.maxPromptChars),
    negativePrompt: z.string().max(IMAGE_LIMITS.maxPromptChars),
    width: side,
    height: side,
    steps: z.number().int().min(1).max(IMAGE_LIMITS.maxSteps),
    cfg: z.number().min(0).max(IMAGE_LIMITS.maxCfg),
    sampler: z.enum(SAMPLERS),
  })
  .strict();

export const ImageSettingsSchema = z.object({
  template: z.enum(IMAGE_TEMPLATE_NAMES),
  /** the files picked for each template, kept when the user switches between them */
  files: z.object(
    Object.fromEntries(IMAGE_TEMPLATE_NAMES.map((name) => [name, ImageModelFilesSchema])) as Record<
      ImageTemplateName,
      typeof ImageModelFilesSchema
    >,
  ),
  /** sd-cli threads; 0: as many as the machine has cores */
  threads: z.number().int().min(0).max(1024),
  /**
   * the `stablediffusion` tool draws without an approval card while width × height × steps stays within this many
   * megapixel-steps (image-tool-budget.ts); 0: every call asks
   */
  toolBudget: z.number().min(0).max(IMAGE_TOOL_BUDGET_MAX),
});
export type ImageSettings = z.infer<typeof ImageSettingsSchema>;

export function defaultImageSettings(): ImageSettings {
  return { template: 'default', files: { default: {}, 'sd1.5': {}, sdxl: {}, flux: {} }, threads: 0, toolBudget: 0 };
}

/** A template's starting parameters with this prompt. */
export function templateParams(template: ImageTemplateName, prompt = '') {
  return { ...IMAGE_TEMPLATES[template].defaults, prompt };
}

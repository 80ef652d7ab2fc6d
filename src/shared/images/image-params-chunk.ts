// EVA's generation parameters inside the PNG (an iTXt chunk named `eva-image`):
// template, parameters and the model files' names. Names, not paths: a picture
// saved and shared should not tell where its owner keeps files. "New seed" on
// a picture in the chat reads them back and uses the template's current files.
import { z } from 'zod';
import { readTextChunk, withTextChunk } from './png-chunks';
import {
  IMAGE_LIMITS,
  IMAGE_TEMPLATE_NAMES,
  MODEL_FILE_ROLES,
  SAMPLERS,
  type ImageParams,
  type ImageRecord,
  type ImageTemplateName,
  type ModelFileRole,
} from './image-types';

export const EVA_IMAGE_KEYWORD = 'eva-image';

/** What a PNG EVA made says about itself. */
export interface EmbeddedImageParams {
  template: ImageTemplateName;
  params: ImageParams;
  /** the model files' base names */
  files: Partial<Record<ModelFileRole, string>>;
}

const EmbeddedSchema = z.object({
  v: z.literal(1),
  template: z.enum(IMAGE_TEMPLATE_NAMES),
  params: z.object({
    prompt: z.string().max(IMAGE_LIMITS.maxPromptChars),
    negativePrompt: z.string().max(IMAGE_LIMITS.maxPromptChars),
    width: z.number().int().min(IMAGE_LIMITS.minSide).max(IMAGE_LIMITS.maxSide),
    height: z.number().int().min(IMAGE_LIMITS.minSide).max(IMAGE_LIMITS.maxSide),
    steps: z.number().int().min(1).max(IMAGE_LIMITS.maxSteps),
    cfg: z.number().min(0).max(IMAGE_LIMITS.maxCfg),
    seed: z.number().int().min(0).max(IMAGE_LIMITS.maxSeed),
    sampler: z.enum(SAMPLERS),
    strength: z.number().min(0).max(1).optional(),
  }),
  files: z.partialRecord(z.enum(MODEL_FILE_ROLES), z.string().max(1000)),
});

/** The PNG with the record's parameters in it. */
export function embedParams(png: Uint8Array, record: Pick<ImageRecord, 'template' | 'params' | 'files'>): Uint8Array {
  const files: Partial<Record<ModelFileRole, string>> = {};
  for (const [role, path] of Object.entries(record.files) as Array<[ModelFileRole, string | undefined]>)
    if (path) files[role] = baseName(path);
  return withTextChunk(
    png,
    EVA_IMAGE_KEYWORD,
    JSON.stringify({ v: 1, template: record.template, params: record.params, files }),
  );
}

/** The parameters a PNG carries, or null when it is not one of EVA's (or the chunk does not validate). */
export function embeddedParams(png: Uint8Array): EmbeddedImageParams | null {
  const text = readTextChunk(png, EVA_IMAGE_KEYWORD);
  if (text === null) return null;
  try {
    const parsed = EmbeddedSchema.safeParse(JSON.parse(text));
    if (!parsed.success) return null;
    const { v: _version, ...rest } = parsed.data;
    return rest;
  } catch {
    return null;
  }
}

/** The bytes of a base64 data URL (the PNG of a step card or a chat image). */
export function dataUrlToBytes(dataUrl: string): Uint8Array {
  const comma = dataUrl.indexOf(',');
  const binary = atob(comma < 0 ? '' : dataUrl.slice(comma + 1));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function baseName(path: string): string {
  return path.split(/[\\/]/).pop() ?? path;
}

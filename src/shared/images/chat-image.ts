// A picture in the chat: an answer whose `extra.image` holds the image's record
// (template, model files, parameters, seed) and the PNG itself as a data URL,
// so the history keeps both and "New seed" works from a reopened conversation
// even when the gallery's copy was deleted. The answer's text says in words
// what was drawn: that is what the model reads in later turns, and what the
// history search finds.
import { z } from 'zod';
import { ImageModelFilesSchema } from './image-settings';
import { IMAGE_TEMPLATE_NAMES, SAMPLERS, type ImageRecord } from './image-types';

/** What `extra.image` of a picture message holds. */
export interface ChatImage {
  record: ImageRecord;
  /** null when the PNG was over MAX_CHAT_IMAGE_BYTES: the gallery's copy is read instead */
  dataUrl: string | null;
}

/** Larger PNGs stay in the gallery only: the history frame and every page's memory hold the data URL. */
export const MAX_CHAT_IMAGE_BYTES = 8 * 1024 * 1024;

/** An image's record as the gallery and the history keep it (both read it back through this). */
export const ImageRecordSchema: z.ZodType<ImageRecord> = z.object({
  id: z.string().regex(/^[A-Za-z0-9_-]{1,80}$/),
  createdAt: z.number().finite(),
  template: z.enum(IMAGE_TEMPLATE_NAMES),
  files: ImageModelFilesSchema,
  params: z.object({
    prompt: z.string(),
    negativePrompt: z.string(),
    width: z.number().int(),
    height: z.number().int(),
    steps: z.number().int(),
    cfg: z.number(),
    seed: z.number().int(),
    sampler: z.enum(SAMPLERS),
    strength: z.number().optional(),
  }),
  fromImage: z.boolean(),
  bytes: z.number().int().min(0),
  ms: z.number().min(0),
  source: z.enum(['page', 'tool']),
});

const ChatImageSchema = z.object({
  record: ImageRecordSchema,
  // Only a PNG data URL is drawn: a crafted import cannot make the page fetch anything.
  dataUrl: z
    .string()
    .regex(/^data:image\/png;base64,[A-Za-z0-9+/=]*$/)
    .nullable(),
});

/** The picture a saved message carries, or null (none, or one an import damaged). */
export function chatImageOf(extra: Record<string, unknown> | undefined): ChatImage | null {
  const parsed = ChatImageSchema.safeParse(extra?.image);
  return parsed.success ? (parsed.data as ChatImage) : null;
}

/** The answer's text: what was drawn, in words the model and the search can read. */
export function chatImageText(record: ImageRecord): string {
  const { params } = record;
  return `[Picture drawn with Stable Diffusion (${record.template} template, ${params.width}×${params.height}, ${params.steps} steps, seed ${params.seed}): ${params.prompt}]`;
}

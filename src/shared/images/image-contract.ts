// The image page's part of the contract (EVA's 文生图): its channels with their
// input schemas, and its event. contract.ts spreads these into the one contract.
import { z } from 'zod';
import { IdSchema } from '../history/schemas';
import { ImageModelFilesSchema, ImageParamsInputSchema } from './image-settings';
import {
  IMAGE_LIMITS,
  IMAGE_TEMPLATE_NAMES,
  type GeneratedImage,
  type ImageEngineStatus,
  type ImageProgress,
  type ImageRecord,
} from './image-types';

const channel = <I extends z.ZodType, O>(input: I) => ({ input, output: undefined as unknown as O });
const empty = z.object({}).strict().optional();
const jobId = z.string().min(1).max(100);
const imageId = z.string().regex(/^[A-Za-z0-9_-]{1,80}$/);
/** A start image up to 20 MB (as base64 in a data URL), well inside one WebSocket frame. */
const MAX_INIT_IMAGE_CHARS = Math.ceil((20 * 1024 * 1024 * 4) / 3) + 100;

const generate = z
  .object({
    jobId,
    template: z.enum(IMAGE_TEMPLATE_NAMES),
    files: ImageModelFilesSchema,
    params: ImageParamsInputSchema.extend({
      /** absent: a random seed, chosen by the core and kept with the image */
      seed: z.number().int().min(0).max(IMAGE_LIMITS.maxSeed).optional(),
      strength: z.number().min(0).max(1).optional(),
    }).strict(),
    /** image to image: the start image as a `data:image/…;base64,` URL */
    initImage: z
      .string()
      .max(MAX_INIT_IMAGE_CHARS)
      .regex(/^data:image\/(png|jpeg|jpg|bmp|gif);base64,/)
      .optional(),
  })
  .strict();
const jobRef = z.object({ jobId }).strict();
const imageRef = z.object({ id: imageId }).strict();
const toChat = z.object({ id: imageId, conversationId: IdSchema.nullable(), parentId: IdSchema.nullable() }).strict();

/** The image channels (spread into contract.ts's invokeChannels). */
export const imageChannels = {
  /** Whether sd-cli is there (bin/<backend>/ or PATH), its version and build record, and where it was looked for. */
  'image:status': channel<typeof empty, ImageEngineStatus>(empty),
  /**
   * Generate one image with sd-cli; progress arrives as `image:progress`; failures carry `details.reason`
   * (ImageFailureReason).
   */
  'image:generate': channel<typeof generate, GeneratedImage>(generate),
  /** Stop the generation now: sd-cli is killed and nothing it wrote is kept. */
  'image:cancel': channel<typeof jobRef, { cancelled: boolean }>(jobRef),
  /** The gallery: every kept image, newest first. */
  'image:list': channel<typeof empty, { images: ImageRecord[] }>(empty),
  /** One image with its PNG. */
  'image:read': channel<typeof imageRef, GeneratedImage>(imageRef),
  'image:delete': channel<typeof imageRef, { deleted: boolean }>(imageRef),
  /**
   * Put an image into a conversation (a new one when null) as an answer after `parentId`; it is saved in the history
   * with its parameters.
   */
  'image:to-chat': channel<typeof toChat, { conversationId: string; messageId: string }>(toChat),
} as const;

export type ImageGenerateInput = z.output<typeof generate>;

/** The image events (merged into contract.ts's EventPayloads). */
export interface ImageEventPayloads {
  /** a generation's progress: model loading, each sampling step, decoding, saving */
  'image:progress': ImageProgress;
}

export const IMAGE_EVENT_NAMES: Record<keyof ImageEventPayloads, true> = {
  'image:progress': true,
};

// Several models at once: the model files the router offers, how
// many may be loaded together, the memory they may take, and how long an idle
// one stays loaded. llama-server's router mode loads each on demand.
import { z } from 'zod';
import { SpeculativeSettingsSchema } from '../speculative/speculative-settings';

/**
 * A model the pool offers: its file, the context it is loaded with (0: the load settings' context) and its own
 * speculative decoding (absent: off).
 */
export const PoolModelSchema = z
  .object({
    path: z.string().min(1).max(4096),
    contextSize: z.number().int().min(0).max(4_194_304),
    speculative: SpeculativeSettingsSchema.optional(),
  })
  .strict();

export const PoolSettingsSchema = z.object({
  models: z.array(PoolModelSchema).max(64),
  /** llama-server's --models-max: at most this many loaded at once */
  maxLoaded: z.number().int().min(1).max(64),
  /** what the loaded models may take together, MiB; 0: three quarters of this machine's memory */
  memoryBudgetMiB: z
    .number()
    .int()
    .min(0)
    .max(16 * 1024 * 1024),
  /** a model nobody asked for this long is unloaded; 0: never */
  idleUnloadMinutes: z
    .number()
    .int()
    .min(0)
    .max(7 * 24 * 60),
});
export type PoolSettings = z.infer<typeof PoolSettingsSchema>;
export type PoolModel = z.infer<typeof PoolModelSchema>;

export function defaultPoolSettings(): PoolSettings {
  return { models: [], maxLoaded: 2, memoryBudgetMiB: 0, idleUnloadMinutes: 30 };
}

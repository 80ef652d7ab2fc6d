// Speculative decoding: a cheap guess of the next tokens that the model checks
// in one batch, keeping the guessed tokens it would have chosen itself. The guess
// comes from a small draft model with the same vocabulary, or from n-grams of the
// conversation so far (no second model). Plain schema, shared by the single
// server's load settings, the pool's per-model settings and the forms that edit them.
import { z } from 'zod';

export const SPECULATIVE_MODES = ['off', 'draft', 'ngram'] as const;
/** off: none; draft: a draft model guesses; ngram: earlier text of the conversation guesses. */
export type SpeculativeMode = (typeof SPECULATIVE_MODES)[number];

/** The most tokens a draft may guess at once: llama.cpp verifies them in one batch, which grows with it. */
export const MAX_DRAFT_TOKENS = 64;

export const SpeculativeSettingsSchema = z.object({
  mode: z.enum(SPECULATIVE_MODES),
  /** draft: the draft model's file; it must share the model's vocabulary (checked before the start) */
  draftPath: z.string().max(4096),
  /** draft: the most tokens the draft guesses a step (llama-server's --spec-draft-n-max) */
  draftMax: z.number().int().min(1).max(MAX_DRAFT_TOKENS),
  /** draft: a guess shorter than this is not checked (--spec-draft-n-min); at most draftMax */
  draftMin: z.number().int().min(0).max(MAX_DRAFT_TOKENS),
});
export type SpeculativeSettings = z.infer<typeof SpeculativeSettingsSchema>;

/** Off, with llama.cpp's own draft lengths for when a draft is chosen. */
export const DEFAULT_SPECULATIVE_SETTINGS: SpeculativeSettings = {
  mode: 'off',
  draftPath: '',
  draftMax: 3,
  draftMin: 0,
};

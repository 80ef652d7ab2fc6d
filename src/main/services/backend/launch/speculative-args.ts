// The llama-server options of speculative decoding, as option/value pairs: the
// single server's command line writes them as `--name value`, the pool's preset
// file as `name = value` in the model's section (pool-preset.ts). The llama.cpp
// we build renamed these options: `--draft-max` and `--draft-min` are refused
// there ("the argument has been removed"), and a draft model is used only with
// `--spec-type draft-simple`; without a type it is loaded and never asked.
import type { SpeculativeSettings } from '@shared/speculative/speculative-settings';

/**
 * The n-gram speculation EVA offers: llama.cpp's own choice for draftless speculation (`--spec-default`). It hashes
 * every 24-token stretch of the prompt and the answer, and drafts only when it can guess 48 tokens or more, so an
 * answer that repeats its input (editing code, quoting a text back) gets long guesses, and other answers pay almost
 * nothing. Its table is shared across requests, so asking again after an edit reuses the first answer too.
 */
export const NGRAM_SPEC_TYPE = 'ngram-mod';

/** The draft-model speculation: a separate small model run ahead of the target. */
export const DRAFT_SPEC_TYPE = 'draft-simple';

/** [option without dashes, value] pairs, in the order they are written; none when speculation is off. */
export function speculativeOptions(settings: SpeculativeSettings | undefined): Array<[string, string]> {
  if (!settings || settings.mode === 'off') return [];
  if (settings.mode === 'ngram') return [['spec-type', NGRAM_SPEC_TYPE]];
  return [
    ['spec-type', DRAFT_SPEC_TYPE],
    ['spec-draft-model', settings.draftPath],
    ['spec-draft-n-max', String(settings.draftMax)],
    // A minimum above the maximum would draft nothing; the forms refuse it, and a hand-edited file is held to it here.
    ['spec-draft-n-min', String(Math.min(settings.draftMin, settings.draftMax))],
  ];
}

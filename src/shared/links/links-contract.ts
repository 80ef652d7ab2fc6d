// The links' part of the contract: remote OpenAI-compatible endpoints, saved
// with their keys sealed, and tested before use.
import { LinkSaveSchema, LinkTestSchema, type LinkProfile } from '../chat/schemas';
import { channel, emptyInput, idRef } from '../contract-parts';
import type { LinkPreset } from './link-presets';

/** A saved link as the page sees it: its key is never sent back, only whether it has one. */
export type LinkListing = LinkProfile & { hasKey: boolean };

export const linksChannels = {
  'link:list': channel<
    typeof emptyInput,
    { profiles: LinkListing[]; presets: readonly LinkPreset[]; protection: string }
  >(emptyInput),
  'link:save': channel<typeof LinkSaveSchema, LinkListing>(LinkSaveSchema),
  'link:delete': channel<typeof idRef, { deleted: boolean }>(idRef),
  'link:test': channel<typeof LinkTestSchema, { models: string[] }>(LinkTestSchema),
} as const;

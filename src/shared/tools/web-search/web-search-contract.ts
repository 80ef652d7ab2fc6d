// The web search's part of the contract: which provider keys are sealed, and
// sealing (or removing) one. The provider itself is chosen in the settings
// (`tools.webSearch`); its key never comes back to the page, only whether it is set.
import { z } from 'zod';
import { channel, emptyInput } from '../../contract-parts';
import { HTTP_TOKEN_TEXT } from '../../settings-schemas';
import { KEYED_PROVIDERS, type KeyedProvider } from './web-search-settings';

/** Which keys are sealed, and how the secret store seals them ('os-keychain', 'local-key-file'). */
export interface WebSearchKeys {
  keys: Record<KeyedProvider, boolean>;
  protection: string;
}

export const WebSearchSetKeySchema = z
  .object({
    provider: z.enum(KEYED_PROVIDERS),
    /** the new key, or null to remove the sealed one */
    apiKey: z
      .string()
      .min(1)
      .max(512)
      .regex(HTTP_TOKEN_TEXT, 'an API key is printable ASCII with no spaces (it travels in an HTTP header)')
      .nullable(),
  })
  .strict();
export type WebSearchSetKeyInput = z.infer<typeof WebSearchSetKeySchema>;

export const webSearchChannels = {
  /** Which search keys are sealed. */
  'web-search:keys': channel<typeof emptyInput, WebSearchKeys>(emptyInput),
  /** Seal a provider's key (null removes it); answers which keys are sealed now. */
  'web-search:set-key': channel<typeof WebSearchSetKeySchema, WebSearchKeys>(WebSearchSetKeySchema),
} as const;

// The model hub's address (Hugging Face, or a mirror speaking its API): what the
// settings accept, and why a refused one is refused, as a code the page words in
// its own language and an English sentence for logs and the CLI.
import { z } from 'zod';

export const MAX_HUB_ADDRESS_CHARS = 2048;

/** Why a hub address is refused. */
export type HubAddressProblem = 'hub_url_empty' | 'hub_url_invalid' | 'hub_url_scheme' | 'hub_url_credentials';

const SENTENCES: Record<HubAddressProblem, string> = {
  hub_url_empty: 'the hub address is empty; enter one such as https://huggingface.co',
  hub_url_invalid: 'the hub address is not a web address; enter one such as https://huggingface.co',
  hub_url_scheme: 'the hub address must start with http:// or https://',
  hub_url_credentials: 'the hub address must not carry a user name or password',
};

/** The English sentence for a refusal (the page has its own, by code). */
export function hubAddressSentence(problem: HubAddressProblem): string {
  return SENTENCES[problem];
}

/** What is wrong with an address as typed, or null when it is usable. */
export function hubAddressProblem(text: string): HubAddressProblem | null {
  const trimmed = text.trim();
  if (trimmed === '') return 'hub_url_empty';
  if (trimmed.length > MAX_HUB_ADDRESS_CHARS) return 'hub_url_invalid';
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    // Not parseable as a URL at all: that is the answer, not an error to pass on.
    return 'hub_url_invalid';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'hub_url_scheme';
  if (url.hostname === '') return 'hub_url_invalid';
  if (url.username !== '' || url.password !== '') return 'hub_url_credentials';
  return null;
}

/** The address as saved: no spaces around it, no slash at its end (the hub client adds its own paths). */
export function normalizeHubAddress(text: string): string {
  return text.trim().replace(/\/+$/, '');
}

/** The hub address in settings.json and in a settings patch. */
export const HubEndpointSchema = z
  .string()
  .max(MAX_HUB_ADDRESS_CHARS)
  .superRefine((text, context) => {
    const problem = hubAddressProblem(text);
    if (problem !== null) context.addIssue({ code: 'custom', message: hubAddressSentence(problem) });
  });

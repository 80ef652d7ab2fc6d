// Which links in an answer may leave the app, and what the confirmation shows of
// them. A model (or a page it read) writes the link, so its text proves nothing:
// only http(s) and mailto open, in the system browser or mail app, after the user
// has seen the whole address, with the host as the URL parser reads it (an IDN
// host in its xn-- form, `user@` tricks taken apart) and no invisible character hidden.
import { revealInvisible } from './tools/command-safety/reveal-invisible';

export const EXTERNAL_LINK_SCHEMES = ['http:', 'https:', 'mailto:'] as const;
export const MAX_LINK_CHARS = 8192;

export type ExternalLink =
  | {
      ok: true;
      /** the address as parsed and normalised: what will be opened */
      url: string;
      scheme: (typeof EXTERNAL_LINK_SCHEMES)[number];
      /** where it leads: the host for http(s), the addressee for mailto */
      destination: string;
      /** the address with invisible characters shown as codes, for the dialog */
      shown: string;
      /** the link carries a user name or password before the host (`https://bank.com@evil.example`) */
      hasCredentials: boolean;
    }
  | { ok: false; reason: string };

export function checkExternalLink(href: string): ExternalLink {
  if (href.length > MAX_LINK_CHARS)
    return { ok: false, reason: `the link is longer than ${MAX_LINK_CHARS} characters` };
  let parsed: URL;
  try {
    parsed = new URL(href);
  } catch {
    return { ok: false, reason: 'the link is not a complete address' };
  }
  const scheme = EXTERNAL_LINK_SCHEMES.find((allowed) => allowed === parsed.protocol);
  if (!scheme) return { ok: false, reason: `${parsed.protocol} links do not open from an answer` };
  if (scheme !== 'mailto:' && parsed.hostname === '') return { ok: false, reason: 'the link has no host' };
  const url = parsed.href;
  const destination = scheme === 'mailto:' ? decodeSafely(parsed.pathname) : parsed.host;
  return {
    ok: true,
    url,
    scheme,
    destination,
    shown: revealInvisible(url).text,
    hasCredentials: parsed.username !== '' || parsed.password !== '',
  };
}

function decodeSafely(text: string): string {
  try {
    return revealInvisible(decodeURIComponent(text)).text;
  } catch {
    return text;
  }
}

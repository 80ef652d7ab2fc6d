// What the approval card shows of a web_fetch call: the URL exactly as it will
// be requested, and its real host, decoded from punycode beside the ASCII form
// when it is an international name (so `аpple.com` with a Cyrillic "а" reads as
// the `xn--` host it really is). A URL the guard will refuse as things stand
// says so on the card; the user still decides.
import { domainToUnicode } from 'node:url';
import type { ToolPreview } from '@shared/tools/agent/agent-types';
import { bareHost, checkHost, parseFetchUrl } from './url-guard';

export function webFetchPreview(url: unknown, allowHosts: readonly string[]): ToolPreview {
  const text = typeof url === 'string' ? url : '';
  const parsed = parseFetchUrl(text);
  if (!parsed.ok) return { kind: 'none', text: `web_fetch will refuse this URL: ${parsed.reason}` };
  const host = bareHost(parsed.url);
  const decoded = domainToUnicode(host);
  const unicodeHost = decoded !== '' && decoded !== host ? decoded : null;
  const check = checkHost(parsed.url, allowHosts);
  const refusal = check.kind === 'refused' ? check.reason : null;
  const shownHost = unicodeHost ? `${host} (${unicodeHost})` : host;
  return {
    kind: 'none',
    text: `Fetch ${parsed.url.href} from the host ${shownHost}${refusal ? `; it will be refused: ${refusal}` : ''}`,
    url: { href: parsed.url.href, host, unicodeHost, refusal },
  };
}

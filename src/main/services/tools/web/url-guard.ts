// The SSRF guard: whether web_fetch may fetch a URL, and which addresses it may
// connect to for it. The host is read the way the WHATWG URL parser reads it
// (so `http://2130706433/` is 127.0.0.1), a name is resolved here and every
// address it has is checked, and the request then connects only to those
// checked addresses (fetch-url.ts hands them to the socket as its lookup), so
// the name cannot resolve to something else between the check and the
// connection. Each redirect target goes through the same check. A host on the
// user's allow-list passes whatever its addresses are: a printer or a NAS the
// user wants the model to read.
import { addressRefusal, type AddressRule } from './address-rules';

/** One answer of a name lookup. */
export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Looks a name up; every address it has, as the system resolver answers. */
export type ResolveHost = (hostname: string) => Promise<ResolvedAddress[]>;

/** What the guard needs besides the URL; the tool passes the settings' allow-list and the system resolver. */
export interface GuardOptions {
  /** `host` or `host:port` entries (tools.webAllowHosts) let through whatever their addresses are */
  allowHosts: readonly string[];
  resolve: ResolveHost;
}

/** The rule a refused URL broke. */
export type GuardRule = AddressRule | 'invalid_url' | 'scheme' | 'credentials' | 'localhost' | 'no_address';

/** A URL the guard let through, with the addresses to connect to. */
export type GuardVerdict =
  | { ok: true; url: URL; addresses: ResolvedAddress[]; allowListed: boolean }
  | { ok: false; rule: GuardRule; reason: string };

/** The host as a URL writes it (`[::1]`) without the brackets, and without a final dot. */
export function bareHost(url: URL): string {
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  return host.endsWith('.') ? host.slice(0, -1) : host;
}

/** The URL as the model gave it, parsed, or why it cannot be fetched at all. */
export function parseFetchUrl(text: string): { ok: true; url: URL } | { ok: false; rule: GuardRule; reason: string } {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return { ok: false, rule: 'invalid_url', reason: `"${text}" is not a valid absolute URL` };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return { ok: false, rule: 'scheme', reason: `only http and https URLs are fetched, not ${url.protocol}` };
  if (url.username !== '' || url.password !== '')
    return { ok: false, rule: 'credentials', reason: 'URLs with a user name or password in them are not fetched' };
  return { ok: true, url };
}

interface AllowEntry {
  host: string;
  port: number | null;
}

/** An allow-list entry (`nas.local`, `192.168.1.5:8080`, `[fd00::5]:80`) as a host the URL parser wrote, or null. */
export function parseAllowEntry(entry: string): AllowEntry | null {
  const text = entry.trim();
  const match = /^\[([^\]]+)\](?::(\d{1,5}))?$/.exec(text) ?? /^([^:[\]]+)(?::(\d{1,5}))?$/.exec(text);
  const literalV6 = !match && text.includes(':') ? text : null;
  const host = match?.[1] ?? literalV6;
  if (!host) return null;
  const port = match?.[2] === undefined ? null : Number(match[2]);
  if (port !== null && (port < 1 || port > 65_535)) return null;
  try {
    const url = new URL(`http://${host.includes(':') ? `[${host}]` : host}/`);
    return { host: bareHost(url), port };
  } catch {
    return null;
  }
}

function portOf(url: URL): number {
  if (url.port !== '') return Number(url.port);
  return url.protocol === 'https:' ? 443 : 80;
}

/** Whether the user let this URL's host (and port) through. */
export function isAllowListed(url: URL, allowHosts: readonly string[]): boolean {
  const host = bareHost(url);
  const port = portOf(url);
  return allowHosts.some((entry) => {
    const allowed = parseAllowEntry(entry);
    return allowed !== null && allowed.host === host && (allowed.port === null || allowed.port === port);
  });
}

/** What the guard can say from the URL alone: refused, an address to connect to, or a name to look up. */
export type HostCheck =
  | { kind: 'refused'; rule: GuardRule; reason: string }
  | { kind: 'address'; address: ResolvedAddress }
  | { kind: 'name'; name: string };

/** The pure half of the guard: the URL's host judged before any lookup. */
export function checkHost(url: URL, allowHosts: readonly string[]): HostCheck {
  const host = bareHost(url);
  const allowed = isAllowListed(url, allowHosts);
  const literal = host.includes(':') ? 6 : /^\d+\.\d+\.\d+\.\d+$/.test(host) ? 4 : null;
  if (literal !== null) {
    const refusal = allowed ? null : addressRefusal(host);
    if (refusal) return { kind: 'refused', rule: refusal.rule, reason: refusal.reason };
    return { kind: 'address', address: { address: host, family: literal } };
  }
  if (!allowed && (host === 'localhost' || host.endsWith('.localhost')))
    return { kind: 'refused', rule: 'localhost', reason: `${host} is a localhost name, which means this computer` };
  return { kind: 'name', name: host };
}

/** Every address a name resolved to must be public (unless the host is allowed); the first that is not is named. */
export function answersRefusal(
  name: string,
  answers: readonly ResolvedAddress[],
): { rule: GuardRule; reason: string } | null {
  if (answers.length === 0) return { rule: 'no_address', reason: `${name} has no address` };
  for (const answer of answers) {
    const refusal = addressRefusal(answer.address);
    if (refusal)
      return { rule: refusal.rule, reason: `${name} resolves to ${answer.address}, which is ${refusal.what}` };
  }
  return null;
}

/** The whole guard for one URL (the first request or a redirect): parse, judge the host, resolve and judge again. */
export async function vetUrl(url: URL, options: GuardOptions): Promise<GuardVerdict> {
  const allowListed = isAllowListed(url, options.allowHosts);
  const check = checkHost(url, options.allowHosts);
  if (check.kind === 'refused') return { ok: false, rule: check.rule, reason: check.reason };
  if (check.kind === 'address') return { ok: true, url, addresses: [check.address], allowListed };
  let answers: ResolvedAddress[];
  try {
    answers = await options.resolve(check.name);
  } catch (error) {
    return {
      ok: false,
      rule: 'no_address',
      reason: `${check.name} could not be resolved (${(error as Error).message})`,
    };
  }
  const refusal = allowListed && answers.length > 0 ? null : answersRefusal(check.name, answers);
  if (refusal) return { ok: false, ...refusal };
  return { ok: true, url, addresses: answers, allowListed };
}

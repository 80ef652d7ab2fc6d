// Which IP addresses web_fetch refuses to connect to: everything that is not a
// public internet address. A page the model fetches must not reach this
// computer, the local network or a cloud machine's metadata service (a request
// there would act with the user's network position and read what no outside
// site can). IPv6 forms that carry an IPv4 address inside (mapped, compatible,
// NAT64, 6to4) are judged by the address they carry. Pure: the guard
// (url-guard.ts) calls it for a URL's literal host and for every DNS answer.
import { formatIpv4, inPrefix, parseIp } from './ip-address';

/** The rule an address broke; tests and the result's details name it. */
export type AddressRule =
  | 'unspecified'
  | 'loopback'
  | 'metadata'
  | 'link_local'
  | 'private'
  | 'shared'
  | 'documentation'
  | 'benchmarking'
  | 'multicast'
  | 'reserved'
  | 'ipv4_mapped'
  | 'ipv4_compatible'
  | 'nat64'
  | '6to4'
  | 'unique_local'
  | 'site_local'
  | 'not_an_address';

/** Why an address is refused: its rule, and a sentence that names it (`<address> is <what>`). */
export interface AddressRefusal {
  rule: AddressRule;
  /** what the address is, to complete "… is" or "…, which is" */
  what: string;
  reason: string;
}

function refusal(address: string, rule: AddressRule, what: string): AddressRefusal {
  return { rule, what, reason: `${address} is ${what}` };
}

interface Range {
  prefix: number[];
  bits: number;
  rule: AddressRule;
  /** completes "<address> is …" */
  what: string;
}

function range(cidr: string, rule: AddressRule, what: string): Range {
  const [address = '', bits = ''] = cidr.split('/');
  const parsed = parseIp(address);
  if (!parsed) throw new Error(`bad range ${cidr}`);
  return { prefix: parsed.bytes, bits: Number(bits), rule, what };
}

// The most specific range first: the metadata address sits inside link-local.
const V4_RANGES: Range[] = [
  range('0.0.0.0/8', 'unspecified', 'in the unspecified ("this network") block 0.0.0.0/8, which reaches this computer'),
  range('127.0.0.0/8', 'loopback', 'a loopback address (127.0.0.0/8), which reaches this computer itself'),
  range(
    '169.254.169.254/32',
    'metadata',
    'the cloud metadata address (169.254.169.254), which hands out a cloud machine’s credentials',
  ),
  range('169.254.0.0/16', 'link_local', 'a link-local address (169.254.0.0/16), reachable only on the local link'),
  range('10.0.0.0/8', 'private', 'a private address (10.0.0.0/8) on a local network'),
  range('172.16.0.0/12', 'private', 'a private address (172.16.0.0/12) on a local network'),
  range('192.168.0.0/16', 'private', 'a private address (192.168.0.0/16) on a local network'),
  range('100.64.0.0/10', 'shared', 'a carrier-grade NAT address (100.64.0.0/10) inside a provider’s network'),
  range('192.0.0.0/24', 'reserved', 'reserved for protocol assignments (192.0.0.0/24)'),
  range('192.0.2.0/24', 'documentation', 'a documentation address (192.0.2.0/24)'),
  range('198.51.100.0/24', 'documentation', 'a documentation address (198.51.100.0/24)'),
  range('203.0.113.0/24', 'documentation', 'a documentation address (203.0.113.0/24)'),
  range('192.88.99.0/24', 'reserved', 'in the retired 6to4 relay block (192.88.99.0/24)'),
  range('198.18.0.0/15', 'benchmarking', 'a benchmarking address (198.18.0.0/15) for local test networks'),
  range('224.0.0.0/4', 'multicast', 'a multicast address (224.0.0.0/4)'),
  range('240.0.0.0/4', 'reserved', 'reserved (240.0.0.0/4, with the broadcast address 255.255.255.255)'),
];

const V6_RANGES: Range[] = [
  range('::/128', 'unspecified', 'the unspecified address (::), which reaches this computer'),
  range('::1/128', 'loopback', 'the loopback address (::1), which reaches this computer itself'),
  range('64:ff9b:1::/48', 'nat64', 'in the local-use NAT64 prefix (64:ff9b:1::/48) of a local network'),
  range('100::/64', 'reserved', 'in the discard-only prefix (100::/64)'),
  range('2001:db8::/32', 'documentation', 'a documentation address (2001:db8::/32)'),
  range('2001::/23', 'reserved', 'reserved for protocol assignments and tunnels such as Teredo (2001::/23)'),
  range('3fff::/20', 'documentation', 'a documentation address (3fff::/20)'),
  range('fc00::/7', 'unique_local', 'a unique local address (fc00::/7) on a private network'),
  range('fe80::/10', 'link_local', 'a link-local address (fe80::/10), reachable only on the local link'),
  range('fec0::/10', 'site_local', 'a site-local address (fec0::/10) on a private network'),
  range('ff00::/8', 'multicast', 'a multicast address (ff00::/8)'),
];

/** IPv6 prefixes whose address carries an IPv4 one: judged by that, or refused whatever it is (compatible). */
const EMBEDDING: Array<{ range: Range; at: number; always: boolean }> = [
  { range: range('::ffff:0:0/96', 'ipv4_mapped', 'an IPv4-mapped IPv6 address'), at: 12, always: false },
  { range: range('::/96', 'ipv4_compatible', 'a deprecated IPv4-compatible IPv6 address'), at: 12, always: true },
  { range: range('64:ff9b::/96', 'nat64', 'a NAT64 address'), at: 12, always: false },
  { range: range('2002::/16', '6to4', 'a 6to4 address'), at: 2, always: false },
];

const GLOBAL_UNICAST = range('2000::/3', 'reserved', '');

function matching(ranges: readonly Range[], bytes: readonly number[]): Range | undefined {
  return ranges.find((candidate) => inPrefix(bytes, candidate.prefix, candidate.bits));
}

function v4Refusal(text: string, bytes: readonly number[]): AddressRefusal | null {
  const hit = matching(V4_RANGES, bytes);
  return hit ? refusal(text, hit.rule, hit.what) : null;
}

function v6Refusal(text: string, bytes: readonly number[]): AddressRefusal | null {
  const hit = matching(V6_RANGES, bytes);
  if (hit) return refusal(text, hit.rule, hit.what);
  for (const embedding of EMBEDDING) {
    if (!inPrefix(bytes, embedding.range.prefix, embedding.range.bits)) continue;
    const inner = formatIpv4(bytes.slice(embedding.at, embedding.at + 4));
    const innerRefusal = v4Refusal(inner, bytes.slice(embedding.at, embedding.at + 4));
    if (!embedding.always && !innerRefusal) return null;
    const why = innerRefusal ? `, and ${innerRefusal.reason}` : ', a form not used on the internet';
    return refusal(text, embedding.range.rule, `${embedding.range.what} of ${inner}${why}`);
  }
  if (!inPrefix(bytes, GLOBAL_UNICAST.prefix, GLOBAL_UNICAST.bits))
    return refusal(text, 'reserved', 'reserved: it is outside the global unicast space 2000::/3');
  return null;
}

/** Why web_fetch may not connect to this address, or null for a public one. */
export function addressRefusal(address: string): AddressRefusal | null {
  const ip = parseIp(address);
  if (!ip) return refusal(address, 'not_an_address', 'not an IP address');
  return ip.family === 4 ? v4Refusal(address, ip.bytes) : v6Refusal(address, ip.bytes);
}

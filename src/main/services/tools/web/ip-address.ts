// IP addresses as bytes, for the address rules. Only the canonical text forms
// are read here: a URL's host has already been through the WHATWG host parser
// (which turns `2130706433`, `0x7f.1`, `0177.0.0.1` and `127.1` into
// `127.0.0.1`), and DNS answers are canonical. Anything else is not an address,
// and the guard then treats the host as a name, which it resolves and checks.

/** An address as its family and bytes (4 or 16 of them). */
export interface IpBytes {
  family: 4 | 6;
  bytes: number[];
}

/** `a.b.c.d` with each part a decimal 0–255 (no leading zeros: those mean octal to some parsers). */
export function parseIpv4(text: string): number[] | null {
  const parts = text.split('.');
  if (parts.length !== 4) return null;
  const bytes: number[] = [];
  for (const part of parts) {
    if (!/^(?:0|[1-9]\d{0,2})$/.test(part)) return null;
    const value = Number(part);
    if (value > 255) return null;
    bytes.push(value);
  }
  return bytes;
}

/** RFC 4291 text (with `::`, an embedded IPv4 tail, brackets or a `%zone` allowed) as 16 bytes. */
export function parseIpv6(text: string): number[] | null {
  let body = text.startsWith('[') && text.endsWith(']') ? text.slice(1, -1) : text;
  const zone = body.indexOf('%');
  if (zone >= 0) body = body.slice(0, zone);
  if (!/^[0-9a-fA-F:.]+$/.test(body)) return null;
  if (body.includes('.')) {
    // An IPv4 tail (`::ffff:127.0.0.1`) is the last two groups written in decimal.
    const lastColon = body.lastIndexOf(':');
    const v4 = lastColon >= 0 ? parseIpv4(body.slice(lastColon + 1)) : null;
    if (!v4) return null;
    const [a = 0, b = 0, c = 0, d = 0] = v4;
    body = `${body.slice(0, lastColon + 1)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = body.split('::');
  if (halves.length > 2) return null;
  const groupsOf = (half: string) => (half === '' ? [] : half.split(':'));
  const head = groupsOf(halves[0] ?? '');
  const rest = halves.length === 2 ? groupsOf(halves[1] ?? '') : [];
  const written = head.length + rest.length;
  // Without `::` all eight groups are written; with it, at least one is left out.
  if (halves.length === 1 ? written !== 8 : written > 7) return null;
  const groups = [...head, ...Array<string>(8 - written).fill('0'), ...rest];
  const bytes: number[] = [];
  for (const group of groups) {
    if (!/^[0-9a-fA-F]{1,4}$/.test(group)) return null;
    const value = parseInt(group, 16);
    bytes.push(value >> 8, value & 0xff);
  }
  return bytes;
}

/** An address in either family, or null when the text is a name. */
export function parseIp(text: string): IpBytes | null {
  const v4 = parseIpv4(text);
  if (v4) return { family: 4, bytes: v4 };
  const v6 = text.includes(':') ? parseIpv6(text) : null;
  return v6 ? { family: 6, bytes: v6 } : null;
}

/** Whether the first `bits` bits of `bytes` equal those of `prefix`. */
export function inPrefix(bytes: readonly number[], prefix: readonly number[], bits: number): boolean {
  for (let bit = 0; bit < bits; bit++) {
    const index = bit >> 3;
    const mask = 0x80 >> (bit & 7);
    if (((bytes[index] ?? 0) & mask) !== ((prefix[index] ?? 0) & mask)) return false;
  }
  return true;
}

export function formatIpv4(bytes: readonly number[]): string {
  return bytes.slice(0, 4).join('.');
}

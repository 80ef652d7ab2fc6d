import { describe, expect, it } from 'vitest';
import { addressRefusal } from './address-rules';
import { parseIpv6 } from './ip-address';
import {
  answersRefusal,
  checkHost,
  isAllowListed,
  parseAllowEntry,
  parseFetchUrl,
  vetUrl,
  type ResolvedAddress,
} from './url-guard';

/** The host as the guard judges it from the URL alone: a refusal's rule and reason, or where it would connect. */
function judge(text: string, allowHosts: string[] = []) {
  const parsed = parseFetchUrl(text);
  if (!parsed.ok) return { kind: 'refused' as const, rule: parsed.rule, reason: parsed.reason };
  return checkHost(parsed.url, allowHosts);
}

describe('the address guard refuses every way of writing a local or special address', () => {
  const refused: Array<[url: string, rule: string, reason: RegExp]> = [
    ['http://127.0.0.1/', 'loopback', /^127\.0\.0\.1 is a loopback address \(127\.0\.0\.0\/8\)/],
    ['http://127.45.6.7:8080/x', 'loopback', /127\.45\.6\.7 is a loopback address/],
    ['http://2130706433/', 'loopback', /^127\.0\.0\.1 is a loopback/],
    ['http://0x7f.1/', 'loopback', /^127\.0\.0\.1 is a loopback/],
    ['http://0x7f000001/', 'loopback', /^127\.0\.0\.1 is a loopback/],
    ['http://0177.0.0.1/', 'loopback', /^127\.0\.0\.1 is a loopback/],
    ['http://017700000001/', 'loopback', /^127\.0\.0\.1 is a loopback/],
    ['http://127.1/', 'loopback', /^127\.0\.0\.1 is a loopback/],
    ['http://127.0.0.1./', 'loopback', /^127\.0\.0\.1 is a loopback/],
    ['http://127%2e0%2e0%2e1/', 'loopback', /^127\.0\.0\.1 is a loopback/],
    ['http://１２７.０.０.１/', 'loopback', /^127\.0\.0\.1 is a loopback/],
    ['http://[::1]/', 'loopback', /^::1 is the loopback address \(::1\)/],
    ['http://[0:0:0:0:0:0:0:1]/', 'loopback', /^::1 is the loopback address/],
    ['http://0.0.0.0/', 'unspecified', /^0\.0\.0\.0 is in the unspecified \("this network"\) block 0\.0\.0\.0\/8/],
    ['http://0/', 'unspecified', /^0\.0\.0\.0 is in the unspecified/],
    ['http://[::]/', 'unspecified', /^:: is the unspecified address/],
    ['http://169.254.169.254/latest/meta-data/', 'metadata', /^169\.254\.169\.254 is the cloud metadata address/],
    ['http://169.254.1.2/', 'link_local', /^169\.254\.1\.2 is a link-local address \(169\.254\.0\.0\/16\)/],
    ['http://[fe80::1]/', 'link_local', /^fe80::1 is a link-local address \(fe80::\/10\)/],
    ['http://[febf::1]/', 'link_local', /link-local address \(fe80::\/10\)/],
    ['http://10.0.0.1/', 'private', /^10\.0\.0\.1 is a private address \(10\.0\.0\.0\/8\)/],
    ['http://172.16.0.1/', 'private', /^172\.16\.0\.1 is a private address \(172\.16\.0\.0\/12\)/],
    ['http://172.31.255.254/', 'private', /private address \(172\.16\.0\.0\/12\)/],
    ['http://192.168.1.1/', 'private', /^192\.168\.1\.1 is a private address \(192\.168\.0\.0\/16\)/],
    ['http://100.64.0.1/', 'shared', /^100\.64\.0\.1 is a carrier-grade NAT address \(100\.64\.0\.0\/10\)/],
    ['http://100.127.255.255/', 'shared', /carrier-grade NAT/],
    ['http://[fc00::1]/', 'unique_local', /^fc00::1 is a unique local address \(fc00::\/7\)/],
    ['http://[fd12:3456::1]/', 'unique_local', /unique local address \(fc00::\/7\)/],
    ['http://[fec0::1]/', 'site_local', /site-local address \(fec0::\/10\)/],
    ['http://224.0.0.1/', 'multicast', /^224\.0\.0\.1 is a multicast address \(224\.0\.0\.0\/4\)/],
    ['http://239.255.255.250/', 'multicast', /multicast address/],
    ['http://[ff02::1]/', 'multicast', /^ff02::1 is a multicast address \(ff00::\/8\)/],
    ['http://240.0.0.1/', 'reserved', /^240\.0\.0\.1 is reserved \(240\.0\.0\.0\/4/],
    ['http://255.255.255.255/', 'reserved', /broadcast address 255\.255\.255\.255/],
    ['http://192.0.0.8/', 'reserved', /reserved for protocol assignments \(192\.0\.0\.0\/24\)/],
    ['http://192.0.2.1/', 'documentation', /documentation address \(192\.0\.2\.0\/24\)/],
    ['http://198.51.100.7/', 'documentation', /documentation address \(198\.51\.100\.0\/24\)/],
    ['http://203.0.113.9/', 'documentation', /documentation address \(203\.0\.113\.0\/24\)/],
    ['http://198.18.0.1/', 'benchmarking', /benchmarking address \(198\.18\.0\.0\/15\)/],
    ['http://[2001:db8::1]/', 'documentation', /documentation address \(2001:db8::\/32\)/],
    ['http://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/', 'reserved', /tunnels such as Teredo \(2001::\/23\)/],
    ['http://[100::1]/', 'reserved', /discard-only prefix/],
    ['http://[4000::1]/', 'reserved', /outside the global unicast space 2000::\/3/],
    [
      'http://[::ffff:127.0.0.1]/',
      'ipv4_mapped',
      /^::ffff:7f00:1 is an IPv4-mapped IPv6 address of 127\.0\.0\.1, and 127\.0\.0\.1 is a loopback address/,
    ],
    ['http://[::ffff:7f00:1]/', 'ipv4_mapped', /IPv4-mapped IPv6 address of 127\.0\.0\.1/],
    ['http://[0:0:0:0:0:ffff:a9fe:a9fe]/', 'ipv4_mapped', /of 169\.254\.169\.254, and .* cloud metadata address/],
    ['http://[::ffff:10.1.2.3]/', 'ipv4_mapped', /of 10\.1\.2\.3, and 10\.1\.2\.3 is a private address/],
    ['http://[::127.0.0.1]/', 'ipv4_compatible', /deprecated IPv4-compatible IPv6 address of 127\.0\.0\.1/],
    ['http://[::7f00:1]/', 'ipv4_compatible', /IPv4-compatible IPv6 address of 127\.0\.0\.1/],
    ['http://[::8.8.8.8]/', 'ipv4_compatible', /of 8\.8\.8\.8, a form not used on the internet/],
    ['http://[64:ff9b::10.0.0.1]/', 'nat64', /^64:ff9b::a00:1 is a NAT64 address of 10\.0\.0\.1, and .* private/],
    ['http://[64:ff9b::7f00:1]/', 'nat64', /NAT64 address of 127\.0\.0\.1, and .* loopback/],
    ['http://[64:ff9b:1::1]/', 'nat64', /local-use NAT64 prefix/],
    ['http://[2002:7f00:1::1]/', '6to4', /6to4 address of 127\.0\.0\.1, and .* loopback/],
    ['http://[2002:c0a8:101::1]/', '6to4', /6to4 address of 192\.168\.1\.1/],
    ['http://localhost/', 'localhost', /^localhost is a localhost name, which means this computer/],
    ['http://LOCALHOST./', 'localhost', /^localhost is a localhost name/],
    ['http://app.localhost:3000/', 'localhost', /^app\.localhost is a localhost name/],
    ['file:///etc/passwd', 'scheme', /only http and https URLs are fetched, not file:/],
    ['ftp://example.com/', 'scheme', /not ftp:/],
    ['javascript:alert(1)', 'scheme', /not javascript:/],
    ['http://user:secret@example.com/', 'credentials', /user name or password/],
    ['example.com/page', 'invalid_url', /is not a valid absolute URL/],
    ['http://999.1.1.1/', 'invalid_url', /is not a valid absolute URL/],
  ];

  it.each(refused)('%s is refused by the %s rule', (url, rule, reason) => {
    const verdict = judge(url);
    expect(verdict).toMatchObject({ kind: 'refused', rule });
    expect(verdict.kind === 'refused' ? verdict.reason : '').toMatch(reason);
  });
});

describe('public addresses and names pass', () => {
  it.each([
    ['http://8.8.8.8/', '8.8.8.8'],
    ['https://1.1.1.1/dns-query', '1.1.1.1'],
    ['http://172.32.0.1/', '172.32.0.1'],
    ['http://100.128.0.1/', '100.128.0.1'],
    ['http://169.255.0.1/', '169.255.0.1'],
    ['http://[2606:4700:4700::1111]/', '2606:4700:4700::1111'],
    ['http://[::ffff:8.8.8.8]/', '::ffff:808:808'],
    ['http://[64:ff9b::8.8.8.8]/', '64:ff9b::808:808'],
  ])('%s connects to %s', (url, address) => {
    expect(judge(url)).toMatchObject({ kind: 'address', address: { address } });
  });

  it('leaves a name to be resolved, IDN written in punycode', () => {
    expect(judge('https://example.com/a?b=c')).toEqual({ kind: 'name', name: 'example.com' });
    expect(judge('https://bücher.example/')).toEqual({ kind: 'name', name: 'xn--bcher-kva.example' });
  });
});

describe('a name is judged by every address it resolves to', () => {
  const answers = (...addresses: string[]): ResolvedAddress[] =>
    addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

  it('refuses a name when any of its addresses is local, naming that address', () => {
    expect(answersRefusal('rebind.example', answers('93.184.216.34', '127.0.0.1'))).toEqual({
      rule: 'loopback',
      reason:
        'rebind.example resolves to 127.0.0.1, which is a loopback address (127.0.0.0/8), which reaches this computer itself',
    });
    expect(answersRefusal('meta.example', answers('169.254.169.254'))?.rule).toBe('metadata');
    expect(answersRefusal('v6.example', answers('2606:4700::1', 'fd00::1'))?.rule).toBe('unique_local');
    expect(answersRefusal('none.example', [])).toEqual({ rule: 'no_address', reason: 'none.example has no address' });
    expect(answersRefusal('public.example', answers('93.184.216.34', '2606:2800:220:1::1'))).toBeNull();
  });

  it('vetUrl resolves a name once and returns the addresses the connection must use', async () => {
    const asked: string[] = [];
    const resolve = async (name: string) => {
      asked.push(name);
      return name === 'evil.example' ? answers('10.0.0.5') : answers('93.184.216.34');
    };
    const url = (text: string) => new URL(text);
    expect(await vetUrl(url('https://evil.example/'), { allowHosts: [], resolve })).toEqual({
      ok: false,
      rule: 'private',
      reason: 'evil.example resolves to 10.0.0.5, which is a private address (10.0.0.0/8) on a local network',
    });
    expect(await vetUrl(url('https://good.example/'), { allowHosts: [], resolve })).toMatchObject({
      ok: true,
      addresses: [{ address: '93.184.216.34', family: 4 }],
      allowListed: false,
    });
    expect(await vetUrl(url('http://127.0.0.1/'), { allowHosts: [], resolve })).toMatchObject({ ok: false });
    expect(asked).toEqual(['evil.example', 'good.example']);
  });

  it('says a lookup failure is no address, not a refusal of a local one', async () => {
    const resolve = () => Promise.reject(new Error('getaddrinfo ENOTFOUND nowhere.example'));
    expect(await vetUrl(new URL('http://nowhere.example/'), { allowHosts: [], resolve })).toMatchObject({
      ok: false,
      rule: 'no_address',
      reason: expect.stringMatching(/^nowhere\.example could not be resolved \(getaddrinfo ENOTFOUND/),
    });
  });
});

describe('the allow-list lets an explicitly allowed host through', () => {
  it('reads entries as the URL parser writes hosts', () => {
    expect(parseAllowEntry('NAS.local')).toEqual({ host: 'nas.local', port: null });
    expect(parseAllowEntry(' 192.168.1.5:8080 ')).toEqual({ host: '192.168.1.5', port: 8080 });
    expect(parseAllowEntry('2130706433')).toEqual({ host: '127.0.0.1', port: null });
    expect(parseAllowEntry('[::1]:9000')).toEqual({ host: '::1', port: 9000 });
    expect(parseAllowEntry('fd00::5')).toEqual({ host: 'fd00::5', port: null });
    expect(parseAllowEntry('bücher.example')).toEqual({ host: 'xn--bcher-kva.example', port: null });
    expect(parseAllowEntry('host:99999')).toBeNull();
    expect(parseAllowEntry('')).toBeNull();
    expect(parseAllowEntry('http://x/')).toBeNull();
  });

  it('lets an allowed literal address through, on any port or only the one named', () => {
    expect(judge('http://192.168.1.5/', ['192.168.1.5'])).toMatchObject({ kind: 'address' });
    expect(judge('http://192.168.1.5:8080/', ['192.168.1.5:8080'])).toMatchObject({ kind: 'address' });
    expect(judge('http://192.168.1.5:8081/', ['192.168.1.5:8080'])).toMatchObject({ kind: 'refused', rule: 'private' });
    expect(judge('http://127.0.0.1/', ['127.0.0.1:80'])).toMatchObject({ kind: 'address' });
    expect(judge('https://127.0.0.1/', ['127.0.0.1:80'])).toMatchObject({ kind: 'refused', rule: 'loopback' });
    expect(judge('http://[::1]:9000/', ['[::1]:9000'])).toMatchObject({ kind: 'address', address: { family: 6 } });
    // An allowed address does not allow its other spellings' neighbours.
    expect(judge('http://127.0.0.2/', ['127.0.0.1'])).toMatchObject({ kind: 'refused', rule: 'loopback' });
  });

  it('lets an allowed name through whatever it resolves to, and localhost only when it is listed', async () => {
    const resolve = async (): Promise<ResolvedAddress[]> => [{ address: '192.168.1.20', family: 4 }];
    expect(await vetUrl(new URL('http://nas.local/'), { allowHosts: ['nas.local'], resolve })).toMatchObject({
      ok: true,
      allowListed: true,
      addresses: [{ address: '192.168.1.20' }],
    });
    expect(await vetUrl(new URL('http://other.local/'), { allowHosts: ['nas.local'], resolve })).toMatchObject({
      ok: false,
      rule: 'private',
    });
    expect(judge('http://localhost:3000/', ['localhost:3000'])).toEqual({ kind: 'name', name: 'localhost' });
    expect(isAllowListed(new URL('http://localhost./'), ['localhost'])).toBe(true);
  });
});

describe('the address parser', () => {
  it('reads IPv6 with :: and an IPv4 tail, and refuses malformed text', () => {
    expect(parseIpv6('::ffff:127.0.0.1')).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 255, 255, 127, 0, 0, 1]);
    expect(parseIpv6('1:2:3:4:5:6:7:8')).toEqual([0, 1, 0, 2, 0, 3, 0, 4, 0, 5, 0, 6, 0, 7, 0, 8]);
    expect(parseIpv6('fe80::1%eth0')?.slice(0, 2)).toEqual([0xfe, 0x80]);
    for (const bad of ['1::2::3', '1:2:3:4:5:6:7:8:9', '::fffff', '::1.2.3', 'gg::1', '1:2:3:4:5:6:7'])
      expect(parseIpv6(bad), bad).toBeNull();
  });

  it('treats text that is not a canonical address as not an address', () => {
    expect(addressRefusal('0177.0.0.1')).toMatchObject({ rule: 'not_an_address' });
    expect(addressRefusal('example.com')).toMatchObject({ rule: 'not_an_address' });
  });
});

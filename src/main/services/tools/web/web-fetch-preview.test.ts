import { describe, expect, it } from 'vitest';
import { webFetchPreview } from './web-fetch-preview';

describe('webFetchPreview', () => {
  it('shows the URL as it will be requested and an international host in both forms', () => {
    expect(webFetchPreview('https://Bücher.example/Straße?q=1', [])).toEqual({
      kind: 'none',
      text: 'Fetch https://xn--bcher-kva.example/Stra%C3%9Fe?q=1 from the host xn--bcher-kva.example (bücher.example)',
      url: {
        href: 'https://xn--bcher-kva.example/Stra%C3%9Fe?q=1',
        host: 'xn--bcher-kva.example',
        unicodeHost: 'bücher.example',
        refusal: null,
      },
    });
  });

  it('shows a look-alike name as the punycode it really is', () => {
    expect(webFetchPreview('https://\u0430pple.com/', []).url).toMatchObject({
      host: 'xn--pple-43d.com',
      unicodeHost: '\u0430pple.com',
    });
    expect(webFetchPreview('https://apple.com/', []).url).toMatchObject({ host: 'apple.com', unicodeHost: null });
  });

  it('says ahead when the guard will refuse the address, unless it is allow-listed', () => {
    expect(webFetchPreview('http://2130706433/admin', []).url).toMatchObject({
      href: 'http://127.0.0.1/admin',
      refusal: expect.stringMatching(/^127\.0\.0\.1 is a loopback address/),
    });
    expect(webFetchPreview('http://127.0.0.1/admin', ['127.0.0.1']).url?.refusal).toBeNull();
  });

  it('says why a URL that is not http(s) will be refused, with no URL section', () => {
    expect(webFetchPreview('file:///etc/passwd', [])).toEqual({
      kind: 'none',
      text: 'web_fetch will refuse this URL: only http and https URLs are fetched, not file:',
    });
    expect(webFetchPreview(42, []).url).toBeUndefined();
  });
});

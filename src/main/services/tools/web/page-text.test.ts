import { describe, expect, it } from 'vitest';
import { decodeBody, htmlToText, pageKind, pageText, parseContentType } from './page-text';

const bytes = (text: string) => Buffer.from(text, 'utf8');
const page = (body: Buffer, contentType: string | null, truncated = false) => ({
  body,
  contentType,
  finalUrl: 'https://site.example/docs/page.html',
  truncated,
  maxBytes: 1024,
});

describe('page-text', () => {
  it('reads a content type and its charset', () => {
    expect(parseContentType('Text/HTML; Charset="ISO-8859-1"')).toEqual({ type: 'text/html', charset: 'iso-8859-1' });
    expect(parseContentType('application/json')).toEqual({ type: 'application/json', charset: null });
    expect(parseContentType(null)).toEqual({ type: '', charset: null });
  });

  it('picks a reader by type, sniffing only an unnamed or octet-stream body', () => {
    expect(pageKind('application/xhtml+xml', bytes(''))).toBe('html');
    expect(pageKind('application/ld+json', bytes(''))).toBe('json');
    expect(pageKind('application/rss+xml', bytes(''))).toBe('text');
    expect(pageKind('text/csv', bytes(''))).toBe('text');
    expect(pageKind('application/octet-stream', bytes('%PDF-1.7'))).toBe('pdf');
    expect(pageKind('', bytes('<!DOCTYPE html><p>x'))).toBe('html');
    expect(pageKind('', bytes('plain words'))).toBe('text');
    expect(pageKind('', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0]))).toBeNull();
    expect(pageKind('image/png', bytes('%PDF-'))).toBeNull();
    expect(pageKind('application/octet-stream', bytes('plain'))).toBeNull();
  });

  it('decodes by charset, BOM first, an unknown label as UTF-8', () => {
    expect(decodeBody(Buffer.from([0x63, 0x61, 0x66, 0xe9]), 'iso-8859-1')).toBe('café');
    expect(decodeBody(Buffer.from([0xef, 0xbb, 0xbf, 0x68, 0x69]), 'iso-8859-1')).toBe('hi');
    expect(decodeBody(bytes('naïve'), 'no-such-charset')).toBe('naïve');
  });

  it('turns HTML into text with absolute links, without scripts, styles or images', () => {
    const text = htmlToText(
      `<html><head><title>T</title><style>p{color:red}</style><script>var secret = 1</script></head><body>
       <h1>Getting started</h1><p>Read <a href="../guide/">the guide</a>,
       <a href="https://x.example/">https://x.example/</a>, <a href="#top">top</a> and <a href="javascript:alert(1)">this</a>.<img src="a.png" alt="pic"></p></body></html>`,
      'https://site.example/docs/page.html',
    );
    expect(text).toContain('Getting started');
    expect(text).toContain('the guide [https://site.example/guide/]');
    expect(text).toContain('https://x.example/');
    expect(text).not.toContain('[https://x.example/]');
    expect(text).not.toMatch(/secret|color:red|a\.png|javascript|#top/);
  });

  it('pretty-prints JSON and shows JSON that does not parse as sent, saying why', async () => {
    expect(await pageText(page(bytes('{"a":[1,2]}'), 'application/json'))).toEqual({
      ok: true,
      kind: 'json',
      text: '{\n  "a": [\n    1,\n    2\n  ]\n}',
    });
    expect(await pageText(page(bytes('{"a":[1,'), 'application/json', true))).toMatchObject({
      ok: true,
      text: '{"a":[1,',
      note: 'the JSON was cut at the byte cap, so it is shown as sent',
    });
  });

  it('reads an HTML page in the charset its meta tag names', async () => {
    const html = Buffer.concat([bytes('<meta charset="windows-1252"><p>caf'), Buffer.from([0xe9]), bytes('</p>')]);
    expect(await pageText(page(html, 'text/html'))).toMatchObject({ ok: true, kind: 'html', text: 'café' });
  });

  it('refuses a type it does not read, and a PDF cut at the byte cap, with a sentence', async () => {
    expect(await pageText(page(Buffer.from([1, 2, 3]), 'image/png'))).toEqual({
      ok: false,
      message: 'https://site.example/docs/page.html is image/png; web_fetch reads only HTML, text, JSON and PDF',
    });
    expect(await pageText(page(bytes('%PDF-1.4 …'), 'application/pdf', true))).toMatchObject({
      ok: false,
      message: expect.stringMatching(/is a PDF larger than .* MB, more than web_fetch reads/),
    });
  });
});

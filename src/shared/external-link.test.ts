import { describe, expect, it } from 'vitest';
import { checkExternalLink } from './external-link';

describe('checkExternalLink', () => {
  it('opens http, https and mailto, normalised, with where they go', () => {
    expect(checkExternalLink('https://Example.com/a b?q=1')).toMatchObject({
      ok: true,
      url: 'https://example.com/a%20b?q=1',
      scheme: 'https:',
      destination: 'example.com',
      hasCredentials: false,
    });
    expect(checkExternalLink('http://127.0.0.1:8080/')).toMatchObject({ ok: true, destination: '127.0.0.1:8080' });
    expect(checkExternalLink('mailto:eva@example.com?subject=hi')).toMatchObject({
      ok: true,
      scheme: 'mailto:',
      destination: 'eva@example.com',
    });
  });

  it('refuses every other scheme, relative links and junk, saying why', () => {
    for (const href of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'file:///etc/passwd',
      'data:text/html,<script>1</script>',
      'vbscript:x',
      'ftp://h/x',
      'ms-settings:',
      'smb://host/share',
      'chrome://settings',
      '/relative/path',
      'docs.html',
      '',
      'http://',
      'x'.repeat(9000),
    ]) {
      const result = checkExternalLink(href);
      expect(result.ok, href).toBe(false);
      if (!result.ok) expect(result.reason.length).toBeGreaterThan(5);
    }
  });

  it('names the real host of a user@host link, and says it has credentials', () => {
    expect(checkExternalLink('https://bank.example.com@evil.example/login')).toMatchObject({
      ok: true,
      destination: 'evil.example',
      hasCredentials: true,
    });
    expect(checkExternalLink('https://user:pw@evil.example/')).toMatchObject({
      ok: true,
      destination: 'evil.example',
      hasCredentials: true,
    });
  });

  it('shows an international host in its xn-- form, and invisible characters as codes', () => {
    // "аpple.com" with a Cyrillic а
    expect(checkExternalLink('https://\u0430pple.com/')).toMatchObject({ ok: true, destination: 'xn--pple-43d.com' });
    // A right-to-left override in the path is percent-encoded by the parser, so it shows.
    const hidden = checkExternalLink('https://example.com/a\u202Eb');
    expect(hidden.ok && hidden.shown).toBe('https://example.com/a%E2%80%AEb');
    const zeroWidth = checkExternalLink('mailto:eva\u200B@example.com');
    expect(zeroWidth.ok && zeroWidth.destination).toContain('U+200B');
  });
});

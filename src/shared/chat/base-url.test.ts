import { describe, expect, it } from 'vitest';
import { baseUrlProblem } from './base-url';
import { LinkSaveSchema, LinkTestSchema } from './schemas';

describe('baseUrlProblem', () => {
  it.each([
    ['', 'required'],
    ['api.openai.com', 'not_a_url'],
    ['file:///etc/passwd', 'scheme'],
    ['javascript:alert(1)', 'scheme'],
    ['ftp://example.com', 'scheme'],
    ['ws://127.0.0.1:8080', 'scheme'],
    ['wss://example.com', 'scheme'],
    ['data:text/plain,hi', 'scheme'],
    ['http://user:pass@127.0.0.1:8080', 'credentials'],
    ['https://token@api.example.com/v1', 'credentials'],
  ])('%s → %s', (url, code) => {
    expect(baseUrlProblem(url)?.code).toBe(code);
  });

  it('accepts http and https endpoints', () => {
    for (const url of [
      'http://127.0.0.1:8080',
      'https://api.openai.com/v1',
      'https://generativelanguage.googleapis.com/v1beta/openai',
      'http://[::1]:8080/v1',
    ])
      expect(baseUrlProblem(url)).toBeNull();
  });

  it('is enforced by the link:save and link:test schemas', () => {
    const profile = { name: 'X', presetId: '', model: '' };
    expect(LinkSaveSchema.safeParse({ profile: { ...profile, baseUrl: 'https://api.example.com/v1' } }).success).toBe(
      true,
    );
    const saved = LinkSaveSchema.safeParse({ profile: { ...profile, baseUrl: 'http://user:pass@host' } });
    expect(saved.success).toBe(false);
    expect(saved.error?.issues[0]).toMatchObject({
      path: ['profile', 'baseUrl'],
      message: expect.stringContaining('user name or password'),
    });
    const tested = LinkTestSchema.safeParse({ baseUrl: 'file:///etc/passwd' });
    expect(tested.error?.issues[0]).toMatchObject({
      path: ['baseUrl'],
      message: expect.stringContaining('http:// or https://'),
    });
  });
});

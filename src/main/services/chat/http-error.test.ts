import { describe, expect, it } from 'vitest';
import { httpError, reasonOf } from './http-error';

describe('wording of failed HTTP answers', () => {
  it('reads the places servers put their reason', () => {
    expect(
      reasonOf('{"error":{"message":"Invalid API Key","type":"authentication_error","code":401}}', 'application/json'),
    ).toBe('Invalid API Key');
    expect(reasonOf('{"error":"rate limited"}', null)).toBe('rate limited');
    expect(reasonOf('{"message":"Not Found"}', null)).toBe('Not Found');
    expect(reasonOf('{"detail":"Model not loaded"}', null)).toBe('Model not loaded');
    expect(reasonOf('{"detail":[{"loc":["body","messages"],"msg":"field required"}]}', null)).toBe('field required');
    expect(reasonOf('"just a string"', null)).toBe('just a string');
  });

  it('uses an HTML page title, or its text without tags', () => {
    expect(reasonOf('<html><head><title>\n  503 Service\n Unavailable </title></head></html>', 'text/html')).toBe(
      '503 Service Unavailable',
    );
    expect(reasonOf('<p>Bad <b>gateway</b></p>', null)).toBe('Bad gateway');
  });

  it('uses plain text as it is, shortened', () => {
    expect(reasonOf('  upstream   timed out\n', 'text/plain')).toBe('upstream timed out');
    const long = reasonOf('x'.repeat(1000), 'text/plain');
    expect(long).toHaveLength(300);
    expect(long?.endsWith('…')).toBe(true);
  });

  it('has no reason for an empty body or JSON without one', () => {
    expect(reasonOf('', null)).toBeNull();
    expect(reasonOf('{"ok":false}', 'application/json')).toBeNull();
  });

  it('falls back to the status text', () => {
    expect(
      httpError({ status: 503, statusText: 'Service Unavailable', contentType: null, body: '', url: 'http://x' }),
    ).toEqual({
      code: 'http_error',
      message: 'HTTP 503 Service Unavailable',
      details: { status: 503, url: 'http://x' },
    });
    expect(httpError({ status: 418, statusText: '', contentType: null, body: '{}', url: 'http://x' }).message).toBe(
      'HTTP 418',
    );
  });
});

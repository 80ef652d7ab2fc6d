import { describe, expect, it } from 'vitest';
import { isLoopbackHost, isLoopbackUrl } from './loopback-host';

describe('loopback', () => {
  it('knows this machine by name and address, and nothing else', () => {
    for (const host of ['127.0.0.1', '127.1.2.3', '::1', '[::1]', 'localhost', 'LOCALHOST'])
      expect(isLoopbackHost(host)).toBe(true);
    for (const host of ['0.0.0.0', '192.168.1.5', 'example.com', '128.0.0.1', 'localhost.evil.com'])
      expect(isLoopbackHost(host)).toBe(false);
  });

  it('reads the host of a base URL', () => {
    expect(isLoopbackUrl('http://127.0.0.1:8080/v1')).toBe(true);
    expect(isLoopbackUrl('http://[::1]:8080')).toBe(true);
    expect(isLoopbackUrl('http://localhost:11434/v1')).toBe(true);
    expect(isLoopbackUrl('https://api.openai.com/v1')).toBe(false);
    expect(isLoopbackUrl('not a url')).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { allowHostsList, allowHostsText } from './web-fetch-form';

describe('web-fetch-form', () => {
  it('reads hosts separated by commas or spaces, each once', () => {
    expect(allowHostsList(' nas.local, 192.168.1.5:8080  [fd00::5]:80,fd00::6 nas.local ')).toEqual([
      'nas.local',
      '192.168.1.5:8080',
      '[fd00::5]:80',
      'fd00::6',
    ]);
    expect(allowHostsList('')).toEqual([]);
    expect(allowHostsText(['nas.local', '10.0.0.2'])).toBe('nas.local, 10.0.0.2');
  });

  it('refuses an entry that is a URL, a path or has a user in it', () => {
    expect(allowHostsList('http://nas.local')).toBeNull();
    expect(allowHostsList('nas.local/admin')).toBeNull();
    expect(allowHostsList('me@nas.local')).toBeNull();
    expect(allowHostsList('x'.repeat(301))).toBeNull();
  });
});

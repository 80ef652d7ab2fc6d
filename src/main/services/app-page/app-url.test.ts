import { describe, expect, it } from 'vitest';
import { appUrlMatcher } from './app-url';

describe('app URL check', () => {
  it('dev mode: the dev server origin exactly, never a look-alike that shares its prefix', () => {
    const isApp = appUrlMatcher('http://localhost:5173/', '/app/out/renderer/index.html');
    expect(isApp('http://localhost:5173/')).toBe(true);
    expect(isApp('http://localhost:5173/src/main.tsx?x=1')).toBe(true);
    for (const url of [
      'http://localhost:51730/',
      'http://localhost:5173.evil.example/',
      'http://localhost:5173@evil.example/',
      'https://localhost:5173/',
      'not a url',
    ]) {
      expect(isApp(url), url).toBe(false);
    }
  });

  it('built: the renderer file itself, with or without a fragment', () => {
    const isApp = appUrlMatcher(null, '/app/out/renderer/index.html');
    expect(isApp('file:///app/out/renderer/index.html')).toBe(true);
    expect(isApp('file:///app/out/renderer/index.html#/chat')).toBe(true);
    expect(isApp('file:///app/out/renderer/index.html.evil')).toBe(false);
    expect(isApp('file:///app/out/renderer/other.html')).toBe(false);
  });
});

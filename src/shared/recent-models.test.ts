import { describe, expect, it } from 'vitest';
import { MAX_RECENT_MODELS, withRecentModel } from './recent-models';

describe('withRecentModel', () => {
  it('puts the loaded path first, once, and keeps the list short', () => {
    expect(withRecentModel(['/a.gguf', '/b.gguf'], '/b.gguf')).toEqual(['/b.gguf', '/a.gguf']);
    const long = Array.from({ length: MAX_RECENT_MODELS }, (_, i) => `/m${i}.gguf`);
    const next = withRecentModel(long, '/new.gguf');
    expect(next).toHaveLength(MAX_RECENT_MODELS);
    expect(next[0]).toBe('/new.gguf');
    expect(next).not.toContain(`/m${MAX_RECENT_MODELS - 1}.gguf`);
  });
});

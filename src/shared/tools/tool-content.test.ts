import { describe, expect, it } from 'vitest';
import { ContentBudget, isDataUrlOf, keepWithin, shownContent } from './tool-content';

describe('tool content', () => {
  it('hands out the budget per item and per step', () => {
    const budget = new ContentBudget(10, 15);
    expect([budget.take(11), budget.take(10), budget.take(6), budget.take(5)]).toEqual([false, true, false, true]);
  });

  it('drops data past a budget, keeping type and size, and the links', () => {
    const budget = new ContentBudget(Number.POSITIVE_INFINITY, 10);
    const image = {
      kind: 'image' as const,
      mimeType: 'image/png',
      bytes: 6,
      dataUrl: 'data:image/png;base64,AAAAAAAA',
    };
    expect(
      keepWithin(
        [
          image,
          image,
          { kind: 'resource', uri: 'a', mimeType: 'text/plain', bytes: 9, text: 'nine char' },
          { kind: 'resource_link', uri: 'b', name: null, description: null, mimeType: null },
        ],
        budget,
      ),
    ).toEqual([
      image,
      { ...image, dataUrl: null },
      { kind: 'resource', uri: 'a', mimeType: 'text/plain', bytes: 9, dataUrl: null },
      { kind: 'resource_link', uri: 'b', name: null, description: null, mimeType: null },
    ]);
  });

  it('knows a data URL of exactly one type', () => {
    expect(isDataUrlOf('data:image/png;base64,AAAA', 'image/png')).toBe(true);
    expect(isDataUrlOf('data:image/svg+xml;base64,AAAA', 'image/png')).toBe(false);
    expect(isDataUrlOf('data:image/png;base64,AA"A', 'image/png')).toBe(false);
  });

  it('shows only well-formed items of a saved step: no foreign URL, no type that is not its kind', () => {
    expect(
      shownContent([
        { kind: 'image', mimeType: 'image/png', bytes: 3, dataUrl: 'data:image/png;base64,AAAA' },
        { kind: 'image', mimeType: 'image/png', bytes: 3, dataUrl: 'https://tracker.example/pixel.png' },
        { kind: 'image', mimeType: 'text/html', bytes: 3, dataUrl: 'data:text/html;base64,AAAA' },
        { kind: 'resource', uri: 'file:///a', mimeType: 'text/plain', bytes: 1, text: 'a' },
        { kind: 'resource_link', uri: 'demo://x', name: 7 },
        { kind: 'script' },
        null,
      ]),
    ).toEqual([
      { kind: 'image', mimeType: 'image/png', bytes: 3, dataUrl: 'data:image/png;base64,AAAA' },
      { kind: 'image', mimeType: 'image/png', bytes: 3, dataUrl: null },
      { kind: 'resource', uri: 'file:///a', mimeType: 'text/plain', bytes: 1, text: 'a' },
      { kind: 'resource_link', uri: 'demo://x', name: null, description: null, mimeType: null },
    ]);
    expect(shownContent('nope')).toEqual([]);
  });
});

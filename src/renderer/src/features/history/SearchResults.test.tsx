// @vitest-environment jsdom
// Search rows as the core sends them: one per conversation, a title match and a message match shown in one row.
import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { cleanupApps, renderWithApp } from '@renderer/test-support/render-app';
import type { SearchResult } from '@shared/history/types';
import { SearchResults } from './SearchResults';

afterEach(cleanupApps);

const results: SearchResult = {
  truncated: false,
  hits: [
    {
      conversationId: 'c1',
      messageId: 'm2',
      title: 'Garden ideas',
      updatedAt: 2,
      snippet: 'Plant tomatoes by the garden wall',
      matches: [{ start: 22, end: 28 }],
      titleMatches: [{ start: 0, end: 6 }],
    },
    {
      conversationId: 'c2',
      messageId: null,
      title: 'The garden shed',
      updatedAt: 1,
      snippet: 'The garden shed',
      matches: [{ start: 4, end: 10 }],
      titleMatches: [{ start: 4, end: 10 }],
    },
  ],
};

describe('SearchResults', () => {
  it('marks the title and the message in one row, and a title-only hit once', async () => {
    await renderWithApp(<SearchResults results={results} query="garden" onOpen={() => undefined} />);
    const [both, titleOnly] = within(screen.getByTestId('history-results')).getAllByTestId('history-result');
    expect(both?.dataset.message).toBe('m2');
    expect(both?.querySelector('.history-title mark')?.textContent).toBe('Garden');
    expect(both?.querySelector('.history-preview mark')?.textContent).toBe('garden');
    // A title-only hit does not repeat the title as its preview.
    expect(titleOnly?.querySelectorAll('mark')).toHaveLength(1);
    expect(titleOnly?.querySelector('.history-title mark')?.textContent).toBe('garden');
  });
});

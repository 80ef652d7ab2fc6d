// @vitest-environment jsdom
// An answer before and after the parts of the markdown pipeline that are fetched on first use.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';

const ANSWER = 'Some **bold** words, $E = mc^2$\n\n```ts\nconst x = 1;\n```';

// Fresh modules for each test: nothing of the pipeline fetched yet, as on a page just opened. The harness comes
// fresh too, so that its app context is the one the fresh components read (React and the testing library, outside
// the reset, stay the same).
async function fresh() {
  const { Markdown } = await import('./Markdown');
  const harness = await import('@renderer/test-support/render-app');
  return { Markdown, ...harness };
}
let cleanupApps = (): void => undefined;
beforeEach(() => {
  vi.resetModules();
});
afterEach(() => cleanupApps());

describe('Markdown', () => {
  it('shows an answer as markdown once the pipeline is here, its math and code once KaTeX and the highlighter are', async () => {
    const { Markdown, renderWithApp, ...harness } = await fresh();
    cleanupApps = harness.cleanupApps;
    const { container } = await renderWithApp(<Markdown text={ANSWER} />);
    expect((await screen.findByText('bold')).tagName).toBe('STRONG');
    await waitFor(() => expect(container.querySelector('.md-math .katex')).not.toBeNull());
    await waitFor(() => expect(container.querySelector('.hljs-keyword')?.textContent).toBe('const'));
    expect(container.querySelector('.md-pending')).toBeNull();
  });
});

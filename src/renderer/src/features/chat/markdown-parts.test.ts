import { renderToStaticMarkup } from 'react-dom/server';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const ANSWER = '```ts\nconst x = 1;\n```\n\nInline $E = mc^2$.';

// A fresh pipeline module for each test: KaTeX and the highlighter not fetched yet, as on a page just opened.
const freshPipeline = () => import('./markdown-processor');
beforeEach(() => {
  vi.resetModules();
});

describe('KaTeX and the highlighter, fetched on first use', () => {
  it('render code as plain text and a formula as its source until they are here, and say what the render waits for', async () => {
    const { renderMarkdown } = await freshPipeline();
    const first = renderMarkdown(ANSWER, {});
    const before = renderToStaticMarkup(first.element);
    expect(before).toContain('const x = 1;');
    expect(before).not.toContain('hljs-keyword');
    expect(before).toContain('E = mc^2');
    expect(before).not.toContain('class="katex"');
    expect(first.waits).not.toBeNull();

    await first.waits;
    const again = renderMarkdown(ANSWER, {});
    const after = renderToStaticMarkup(again.element);
    expect(after).toContain('hljs-keyword');
    expect(after).toContain('class="katex"');
    expect(again.waits).toBeNull();
  });

  it('are not fetched for an answer without a formula or code that names its language', async () => {
    const { renderMarkdown } = await freshPipeline();
    expect(renderMarkdown('**bold**, `inline code`\n\n```\nno language\n```', {}).waits).toBeNull();
  });

  it('a formula alone waits for KaTeX, and gets it without the highlighter', async () => {
    const { renderMarkdown } = await freshPipeline();
    const first = renderMarkdown('$$\n\\frac{a}{b}\n$$', {});
    await first.waits;
    expect(renderToStaticMarkup(renderMarkdown('$$\n\\frac{a}{b}\n$$', {}).element)).toContain('katex-display');
    expect(renderMarkdown('```ts\nconst y = 2;\n```', {}).waits).not.toBeNull();
  });
});

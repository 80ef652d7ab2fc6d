import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { loadMarkdownParts, renderMarkdown } from './markdown-processor';

const html = (text: string) => renderToStaticMarkup(renderMarkdown(text, {}).element);

// KaTeX and the highlighter come on first use (markdown-parts.test.ts); here they are fetched first.
beforeAll(() => loadMarkdownParts());

describe('markdown pipeline', () => {
  it('renders GFM, highlighted code and math', () => {
    const out = html('# Title\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n```ts\nconst x = 1;\n```\n\nInline $E = mc^2$.');
    expect(out).toContain('<h1>Title</h1>');
    expect(out).toContain('<table>');
    expect(out).toContain('hljs-keyword');
    expect(out).toContain('class="katex"');
  });

  it('shows raw HTML as text and neutralises script URLs', () => {
    const out = html('<img src=x onerror=alert(1)>\n\n[click](javascript:alert(1)) and ![i](javascript:alert(2))');
    expect(out).not.toContain('<img src="x"');
    expect(out).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(out).not.toContain('javascript:');
  });

  it('is the same pipeline every call (no state leaks between answers)', () => {
    expect(html('**a**')).toBe(html('**a**'));
    expect(html('`x`')).toBe('<p><code>x</code></p>');
  });
});

describe('math', () => {
  it('typesets inline, display and ```math formulas with KaTeX, and shows a bad one as its error rendering', () => {
    const inline = html('Inline $E = mc^2$ here.');
    expect(inline).toMatch(/<p>Inline <span class="md-math"><span class="katex">/);
    expect(inline).not.toContain('katex-display');
    const display = html('$$\n\\frac{a}{b}\n$$');
    expect(display).toContain('<div class="md-math md-math-display"><span class="katex-display">');
    expect(html('```math\nx^2\n```')).toContain('katex-display');
    const bad = html('Broken $\\frac{a$ formula.');
    expect(bad).toContain('katex-error');
    expect(bad).toContain('\\frac{a');
  });

  it('typesets each formula once: the same source in a later render comes from the cache', async () => {
    const katex = (await import('katex')).default;
    const spy = vi.spyOn(katex, 'renderToString');
    const block = 'Growing $a^{17}$ and $\\sqrt{x_{9}}$';
    html(block);
    const first = spy.mock.calls.length;
    expect(first).toBe(2);
    html(`${block} and more $y_{3}$`);
    expect(spy.mock.calls.length).toBe(first + 1);
    spy.mockRestore();
  });

  it('keeps model text out of live markup: \\href and HTML in a formula stay inert', () => {
    const out = html('$\\href{javascript:alert(1)}{x}$ and $<img src=x onerror=alert(1)>$');
    expect(out).not.toContain('href="javascript');
    expect(out).not.toContain('<img');
  });
});

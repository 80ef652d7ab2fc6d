import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { renderMarkdown } from './markdown-processor';

const html = (text: string) => renderToStaticMarkup(renderMarkdown(text, {}));

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

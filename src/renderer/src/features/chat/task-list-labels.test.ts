import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { renderMarkdown } from './markdown-processor';

const html = (text: string) => renderToStaticMarkup(renderMarkdown(text, {}).element);

describe('task list checkboxes', () => {
  it('are named by their item text, in tight and loose lists, nested items by their own', () => {
    const tight = html('- [x] read the **file**\n- [ ] write the test\n  - [ ] a nested one');
    expect(tight).toContain('aria-label="read the file"');
    expect(tight).toContain('aria-label="write the test"');
    expect(tight).toContain('aria-label="a nested one"');
    expect(html('- [ ] first\n\n- [x] second')).toContain('aria-label="second"');
  });

  it('leaves lists without checkboxes alone', () => {
    expect(html('- plain item')).not.toContain('aria-label');
  });
});

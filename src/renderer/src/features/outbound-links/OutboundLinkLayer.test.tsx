// @vitest-environment jsdom
// The page-wide link guard asks before any link opens, but lets the page's own
// saves (an exported conversation, a tool's image) go through.
import { afterEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { cleanupApps, renderWithApp, settle } from '@renderer/test-support/render-app';
import { downloadText } from '../../lib/download';
import { OutboundLinkLayer } from './OutboundLinkLayer';

afterEach(cleanupApps);

function clickAnchor(configure: (anchor: HTMLAnchorElement) => void): boolean {
  const anchor = document.createElement('a');
  configure(anchor);
  document.body.append(anchor);
  const event = new MouseEvent('click', { bubbles: true, cancelable: true });
  anchor.dispatchEvent(event);
  anchor.remove();
  return event.defaultPrevented;
}

describe('the outbound link guard', () => {
  it('stops a link from opening and asks first', async () => {
    await renderWithApp(<OutboundLinkLayer />);
    expect(clickAnchor((a) => (a.href = 'https://example.com/'))).toBe(true);
    await settle();
    expect(screen.getByTestId('link-dialog')).toBeTruthy();
  });

  it("lets the page's own save through: a blob: URL with a download name (an export)", async () => {
    await renderWithApp(<OutboundLinkLayer />);
    const blob = URL.createObjectURL(new Blob(['x']));
    expect(clickAnchor((a) => ((a.href = blob), (a.download = 'chat.md')))).toBe(false);
    // Not a blob: the download attribute alone does not get a link past the question.
    expect(clickAnchor((a) => ((a.href = 'https://example.com/x'), (a.download = 'x')))).toBe(true);
    await settle();
    expect(screen.getByTestId('link-dialog-url').textContent).toContain('example.com/x');
    // downloadText, as the history export calls it, is not taken for a link: the dialog still shows the one above.
    downloadText('hello', 'chat.md', 'text/markdown');
    await settle();
    expect(screen.getByTestId('link-dialog-url').textContent).toContain('example.com/x');
  });
});

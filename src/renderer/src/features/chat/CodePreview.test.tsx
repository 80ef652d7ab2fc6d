// @vitest-environment jsdom
// A code block's live preview, from the answer's Markdown: which blocks offer one, the sandboxed frame it opens, and
// its actions (full size, and Open in browser only after the confirmation). The frame's isolation itself is proven
// in real Chromium (e2e/previews.spec.ts); jsdom runs no frame.
import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { PREVIEW_DOCUMENT_HEAD, PREVIEW_FRAME_FILE } from '@shared/previews/preview-policy';
import { cleanupApps, renderWithApp, settle } from '@renderer/test-support/render-app';
import { Markdown } from './Markdown';
import { previewKindOf } from './preview-kinds';
import { savedPreview } from './preview-output';

const ANSWER = [
  '```html\n<h1>Hello</h1>\n```',
  '```ts\nconst x = 1;\n```',
  '```SVG\n<svg viewBox="0 0 2 2"><rect width="1" height="1"/></svg>\n```',
].join('\n\n');

afterEach(() => cleanupApps());

async function blocks() {
  const app = await renderWithApp(<Markdown text={ANSWER} />);
  await waitFor(() => expect(app.container.querySelectorAll('.code-block')).toHaveLength(3));
  return { app, all: [...app.container.querySelectorAll<HTMLElement>('.code-block')] };
}

describe('code block previews', () => {
  it('offers a preview for html, svg and mermaid blocks only', async () => {
    const { all } = await blocks();
    expect(all.map((block) => within(block).queryByTestId('code-preview-toggle') !== null)).toEqual([
      true,
      false,
      true,
    ]);
    expect(['html', 'svg', 'mermaid', 'Mermaid', 'ts', 'xml', 'constructor', ''].map(previewKindOf)).toEqual([
      'html',
      'svg',
      'mermaid',
      'mermaid',
      null,
      null,
      null,
      null,
    ]);
  });

  it('opens a frame sandboxed to scripts alone, on the app’s frame document, and closes it again', async () => {
    const { app, all } = await blocks();
    const toggle = within(all[0]!).getByTestId('code-preview-toggle');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    const preview = await within(all[0]!).findByTestId('code-preview');
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(toggle.getAttribute('aria-controls')).toBe(preview.id);
    const frame = within(preview).getByTestId('preview-frame');
    expect(frame.getAttribute('sandbox')).toBe('allow-scripts');
    expect(frame.getAttribute('src')).toBe(PREVIEW_FRAME_FILE);
    expect(frame.getAttribute('title')).toBe(app.t('preview.frameTitle', { kind: 'html' }));
    fireEvent.click(toggle);
    expect(within(all[0]!).queryByTestId('code-preview')).toBeNull();
  });

  it('goes full size and back with the button or Esc', async () => {
    const { all } = await blocks();
    fireEvent.click(within(all[2]!).getByTestId('code-preview-toggle'));
    const preview = await within(all[2]!).findByTestId('code-preview');
    const full = within(preview).getByTestId('preview-full');
    fireEvent.click(full);
    expect(full.getAttribute('aria-pressed')).toBe('true');
    expect(preview.classList.contains('code-preview-full')).toBe(true);
    fireEvent.keyDown(full, { key: 'Escape' });
    expect(full.getAttribute('aria-pressed')).toBe('false');
    expect(preview.classList.contains('code-preview-full')).toBe(false);
  });

  it('opens in the browser only after the confirmation, whose Cancel has the focus', async () => {
    const { app, all } = await blocks();
    fireEvent.click(within(all[0]!).getByTestId('code-preview-toggle'));
    const preview = await within(all[0]!).findByTestId('code-preview');
    const opened = () => app.api.calls.filter((call) => call.channel === 'app:open-preview');

    fireEvent.click(within(preview).getByTestId('preview-open'));
    expect(document.activeElement).toBe(screen.getByTestId('preview-open-cancel'));
    fireEvent.keyDown(screen.getByTestId('preview-open-cancel'), { key: 'Escape' });
    expect(screen.queryByTestId('preview-open-dialog')).toBeNull();
    expect(opened()).toEqual([]);

    fireEvent.click(within(preview).getByTestId('preview-open'));
    fireEvent.click(screen.getByTestId('preview-open-confirm'));
    await settle();
    expect(screen.queryByTestId('preview-open-dialog')).toBeNull();
    const [call] = opened();
    const sent = (call?.input as { document: string }).document;
    expect(sent.startsWith(PREVIEW_DOCUMENT_HEAD)).toBe(true);
    expect(sent.endsWith('<h1>Hello</h1>')).toBe(true);
  });

  it('speaks Chinese', async () => {
    const app = await renderWithApp(<Markdown text={ANSWER} />, { language: 'zh' });
    const [toggle] = await screen.findAllByTestId('code-preview-toggle');
    expect(toggle?.textContent).toBe(app.t('chat.preview'));
    expect(app.t('chat.preview')).toBe('预览');
  });

  it('saves a picture as its SVG, and a page or a diagram as the preview document', () => {
    expect(savedPreview('svg', '<svg/>', 'doc')).toEqual({
      text: '<svg/>',
      fileName: 'picture.svg',
      mime: 'image/svg+xml',
    });
    expect(savedPreview('html', '<p>', 'doc')).toEqual({ text: 'doc', fileName: 'page.html', mime: 'text/html' });
    expect(savedPreview('mermaid', 'graph', 'doc').fileName).toBe('diagram.html');
  });
});

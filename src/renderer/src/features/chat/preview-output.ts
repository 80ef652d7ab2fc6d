// What a code block's preview shows, and what Save as writes for each kind.
import { buildPreviewDocument } from '@shared/previews/preview-document';
import type { PreviewKind } from '@shared/previews/preview-policy';

export interface SavedPreview {
  text: string;
  fileName: string;
  mime: string;
}

/**
 * What Save as writes: a picture as the SVG it is; a page or a diagram as the preview's own document, so a file opened
 * later is as cut off from the network as the preview was.
 */
export function savedPreview(kind: PreviewKind, source: string, document: string): SavedPreview {
  if (kind === 'svg') return { text: source, fileName: 'picture.svg', mime: 'image/svg+xml' };
  return { text: document, fileName: kind === 'mermaid' ? 'diagram.html' : 'page.html', mime: 'text/html' };
}

/** The preview's document, or null while a diagram still waits for its renderer. */
export function previewDocument(kind: PreviewKind, source: string, renderer: string | null): string | null {
  if (kind !== 'mermaid') return buildPreviewDocument({ kind, source });
  return renderer === null ? null : buildPreviewDocument({ kind, source, renderer });
}

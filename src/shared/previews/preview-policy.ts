// What a code block's live preview may do, and how its document begins (the document itself: preview-document.ts).
// Apart from the builder so that the contract, which checks `app:open-preview` with it, carries only these lines
// into the page's first chunk.

export type PreviewKind = 'html' | 'svg' | 'mermaid';

/**
 * What a preview may do: run its own inline scripts and styles and show data:/blob: pictures and fonts. Nothing that
 * reaches a network (fetch, WebSocket, pictures, fonts, frames by URL), submits a form or moves the base URL.
 */
export const PREVIEW_CONTENT_POLICY = [
  "default-src 'none'",
  "script-src 'unsafe-inline'",
  "style-src 'unsafe-inline'",
  'img-src data: blob:',
  'font-src data:',
  "connect-src 'none'",
  "form-action 'none'",
  "base-uri 'none'",
  "frame-src 'none'",
].join('; ');

/**
 * The frame document's own policy as a header: the content policy, and a sandbox (an opaque origin: no cookies, no
 * storage, no way into the page) even where the document is opened without the frame's sandbox attribute.
 */
export const PREVIEW_FRAME_POLICY = `sandbox allow-scripts; ${PREVIEW_CONTENT_POLICY}`;

/** The frame document, beside index.html in the built renderer. */
export const PREVIEW_FRAME_FILE = 'preview-frame.html';

/** The most characters a preview document may have; a mermaid one carries the renderer, about 5.5 MB. */
export const MAX_PREVIEW_DOCUMENT_CHARS = 16 * 1024 * 1024;

/** How every preview document begins: the policy first, before anything from the answer. */
export const PREVIEW_DOCUMENT_HEAD =
  `<!doctype html><html><head><meta http-equiv="Content-Security-Policy" content="${PREVIEW_CONTENT_POLICY}">` +
  '<meta charset="utf-8">';

/** Whether a document begins with the preview's policy: the only documents the core writes out and opens. */
export function isPreviewDocument(text: string): boolean {
  return text.startsWith(PREVIEW_DOCUMENT_HEAD);
}

// The document a code block's live preview shows (an ```html, ```svg or ```mermaid block in an answer), built in one
// place for the three things that use it: the sandboxed frame in the chat, Save as, and Open in the system browser.
//
// Its first element is a Content-Security-Policy that forbids every way out to a network. A policy can only be
// added to, never loosened, so a second <meta> in the answer's own HTML can tighten it and nothing more. In the app
// the frame's document (renderer/public/preview-frame.html) carries the same policy again, as a header where the
// host can send one, with `sandbox allow-scripts` so it runs at an opaque origin however it is loaded.

import { PREVIEW_DOCUMENT_HEAD } from './preview-policy';

export type PreviewSource =
  | { kind: 'html' | 'svg'; source: string }
  /** `renderer`: mermaid's browser bundle, inlined, since the document can fetch nothing */
  | { kind: 'mermaid'; source: string; renderer: string };

const PICTURE_STYLE =
  '<style>html,body{margin:0;min-height:100%;background:#fff}' +
  'body{display:flex;align-items:center;justify-content:center;padding:8px;box-sizing:border-box}' +
  'svg{max-width:100%;height:auto}pre{color:#b00020;white-space:pre-wrap;font:13px monospace}</style>';

export function buildPreviewDocument(preview: PreviewSource): string {
  switch (preview.kind) {
    // The answer's HTML as it is, after the policy: its own <head> elements still land in the head, a doctype of
    // its own is ignored, and scripts run inside the sandbox.
    case 'html':
      return PREVIEW_DOCUMENT_HEAD + preview.source;
    case 'svg':
      return `${PREVIEW_DOCUMENT_HEAD}${PICTURE_STYLE}</head><body>${preview.source}</body></html>`;
    case 'mermaid':
      return `${PREVIEW_DOCUMENT_HEAD}${PICTURE_STYLE}</head><body><div id="diagram"></div><script>${inlineScript(
        preview.renderer,
      )}</script><script>${mermaidRun(preview.source)}</script></body></html>`;
  }
}

/**
 * The diagram's source travels as a string literal, never as markup: nothing in it is parsed as HTML, and it cannot
 * end the script. securityLevel 'strict' has mermaid sanitise what it draws; the sandbox holds whatever it missed.
 */
function mermaidRun(source: string): string {
  return [
    "mermaid.initialize({ startOnLoad: false, securityLevel: 'strict' });",
    `mermaid.render('eva-diagram', ${scriptString(source)}).then(`,
    "  (drawn) => { document.getElementById('diagram').innerHTML = drawn.svg; },",
    '  (error) => {',
    "    const said = document.createElement('pre');",
    '    said.textContent = String((error && error.message) || error);',
    '    document.body.replaceChildren(said);',
    '  },',
    ');',
  ].join('\n');
}

/** A JSON string literal that is safe inside <script>: no `<` (so no `</script>`), no line separators. */
export function scriptString(value: string): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * A script's text made safe to inline: `</script`, `<script` and `<!--` would end the element or change how the HTML
 * parser reads it. In a bundle they occur only inside string and regex literals, where `\x3C` means the same `<`.
 */
export function inlineScript(code: string): string {
  return code.replace(/<(?=\/?script|!--)/gi, '\\x3C');
}

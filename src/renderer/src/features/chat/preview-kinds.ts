// Which code blocks get a live preview. Apart from what the preview shows and saves (preview-output.ts), so that a
// code block carries only this lookup until a preview is opened.
import type { PreviewKind } from '@shared/previews/preview-policy';

const KINDS: Readonly<Record<string, PreviewKind>> = { html: 'html', svg: 'svg', mermaid: 'mermaid' };

/** The preview a fenced block's language asks for, or null for a language that is only code. */
export function previewKindOf(language: string): PreviewKind | null {
  const name = language.toLowerCase();
  return Object.hasOwn(KINDS, name) ? (KINDS[name] ?? null) : null;
}

// Code highlighting, in rehype-highlight's place: highlight.js and its ~40 grammars are fetched with the first code
// block that names its language (the only ones highlighted: detection is off). Until they are here the code shows
// as plain text, and the render notes that it waits for them (markdown-waits.ts).
import type { Element, Root } from 'hast';
import type { VFile } from 'vfile';
import { EXIT, visit } from 'unist-util-visit';
import { waitFor } from './markdown-waits';

// rehype-highlight's transform reports a language it does not know on the file; unified hands it one.
type Highlight = (tree: Root, file: VFile) => void;
let highlight: Highlight | null = null;
let loading: Promise<void> | null = null;

/** Fetches the highlighter once; a failed fetch is not tried again (code stays plain text). */
export function loadHighlighter(): Promise<void> {
  loading ??= import('rehype-highlight').then(({ default: rehypeHighlight }) => {
    highlight = rehypeHighlight({ detect: false }) as Highlight;
  });
  return loading;
}

/** Whether a `<pre><code class="language-…">` is in the tree: what rehype-highlight would highlight. */
function hasNamedCode(tree: Root): boolean {
  let found = false;
  visit(tree, 'element', (element: Element, _index, parent) => {
    if (element.tagName !== 'code' || parent?.type !== 'element' || parent.tagName !== 'pre') return undefined;
    const classes = Array.isArray(element.properties.className) ? element.properties.className : [];
    found = classes.some((name) => String(name).startsWith('language-'));
    return found ? EXIT : undefined;
  });
  return found;
}

export default function rehypeHighlightLazy() {
  return (tree: Root, file: VFile): void => {
    if (highlight !== null) highlight(tree, file);
    else if (hasNamedCode(tree)) waitFor(tree, loadHighlighter());
  };
}

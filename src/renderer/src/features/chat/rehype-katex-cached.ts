// Math in answers, typeset by KaTeX once per formula. A streaming answer's
// growing block is rendered again on every paint; rehype-katex typeset every
// formula in it each time (twice for one KaTeX cannot parse: a throwing try,
// then the error rendering), parsed KaTeX's HTML into a tree and React then
// rebuilt that tree: in the stream bench that was 40 % of the page's script
// time per paint. Here a formula's HTML depends only on its source
// and display mode, so it is kept, and it reaches the page as one `math-html`
// element whose component sets KaTeX's HTML as is: old formulas cost a lookup
// and React leaves their DOM alone. KaTeX itself (and its stylesheet) is fetched
// with the first formula: until it is here a formula shows its source, and the
// render notes on its tree that it waits for it (markdown-waits.ts).
import type { Element, ElementContent, Root } from 'hast';
import { SKIP, visit } from 'unist-util-visit';
import { waitFor } from './markdown-waits';

/** The element the plugin leaves in the tree; MarkdownMath renders it. */
export const MATH_TAG = 'math-html';

/** Formulas kept, the least recently used dropped first: far more than one screen of answers holds. */
const CACHE_LIMIT = 1000;
const cache = new Map<string, string>();

type Katex = typeof import('katex').default;
let katex: Katex | null = null;
let loading: Promise<void> | null = null;

/** Fetches KaTeX once; a failed fetch is not tried again (formulas keep showing their source). */
export function loadKatex(): Promise<void> {
  loading ??= import('./katex-styled').then((module) => {
    katex = module.default;
  });
  return loading;
}

/**
 * KaTeX's HTML for a formula (its error rendering when it cannot be parsed), from the cache when seen before; null
 * while KaTeX is not here yet.
 */
export function typesetMath(source: string, displayMode: boolean): string | null {
  if (katex === null) return null;
  const key = `${displayMode ? 'D' : 'I'}${source}`;
  const kept = cache.get(key);
  if (kept !== undefined) {
    // Refresh its place in the LRU order.
    cache.delete(key);
    cache.set(key, kept);
    return kept;
  }
  let html: string;
  try {
    // throwOnError false: a formula KaTeX cannot parse comes back as its error rendering in one pass.
    // trust stays off (KaTeX's default): \href, \url and \html… in model output do not become live markup.
    html = katex.renderToString(source, { displayMode, strict: 'ignore', throwOnError: false, trust: false });
  } catch {
    // Errors other than parse errors (KaTeX's own bugs): the source, escaped, marked as an error as rehype-katex does.
    html = `<span class="katex-error" style="color:#cc0000">${escapeHtml(source)}</span>`;
  }
  cache.set(key, html);
  if (cache.size > CACHE_LIMIT) cache.delete(cache.keys().next().value as string);
  return html;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function textOf(node: ElementContent): string {
  if (node.type === 'text') return node.value;
  if (node.type === 'element') return node.children.map(textOf).join('');
  return '';
}

const classesOf = (element: Element): string[] =>
  Array.isArray(element.properties.className) ? (element.properties.className as string[]) : [];

/**
 * The rehype plugin, in rehype-katex's place: `$…$` (math-inline), `$$…$$` (math-display) and
 * ```math (a <pre> holding code.language-math) become `math-html` elements carrying KaTeX's HTML.
 */
export default function rehypeKatexCached() {
  return (tree: Root): void => {
    visit(tree, 'element', (element, index, parent) => {
      if (parent === undefined || index === undefined) return undefined;
      let code = element;
      if (element.tagName === 'pre') {
        const only = element.children.length === 1 ? element.children[0] : undefined;
        if (only?.type !== 'element' || only.tagName !== 'code' || !classesOf(only).includes('language-math'))
          return undefined;
        code = only;
      }
      const classes = classesOf(code);
      const display = code !== element || classes.includes('math-display');
      if (!display && !classes.includes('math-inline') && !classes.includes('language-math')) return undefined;
      const source = textOf(code);
      let html = typesetMath(source, display);
      if (html === null) {
        waitFor(tree, loadKatex());
        html = escapeHtml(source);
      }
      parent.children[index] = {
        type: 'element',
        tagName: MATH_TAG,
        properties: { mode: display ? 'display' : 'inline', html },
        children: [],
      };
      return SKIP;
    });
  };
}

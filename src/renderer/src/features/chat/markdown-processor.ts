// One markdown → React pipeline, built once. react-markdown builds a new unified
// processor on every render, and attaching rehype-highlight registers its ~40
// grammars each time: for a streaming answer that is re-rendered many times a
// second, that setup cost more than the parsing. Same plugins, same output
// (raw HTML shown as text, URLs made safe as react-markdown does). This module
// is fetched on first use (markdown-loader.ts); KaTeX and highlight.js on the
// first formula and the first code block that needs them.
import type { Element, Nodes, Parents, Root } from 'hast';
import { toJsxRuntime, type Components } from 'hast-util-to-jsx-runtime';
import { urlAttributes } from 'html-url-attributes';
import type { ReactElement } from 'react';
import { Fragment, jsx, jsxs } from 'react/jsx-runtime';
import { defaultUrlTransform } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { visit } from 'unist-util-visit';
import rehypeHighlightLazy, { loadHighlighter } from './rehype-highlight-lazy';
import rehypeKatexCached, { loadKatex, MATH_TAG } from './rehype-katex-cached';
import { waitsOf } from './markdown-waits';
import { labelTaskListCheckboxes } from './task-list-labels';

const processor = unified()
  .use(remarkParse)
  .use(remarkGfm)
  .use(remarkMath)
  // Raw HTML is kept as `raw` nodes only so sanitize() can show it as text.
  .use(remarkRehype, { allowDangerousHtml: true })
  // KaTeX once per formula (a bad one becomes its error rendering; it never throws).
  .use(rehypeKatexCached)
  .use(rehypeHighlightLazy)
  .freeze();

/** Raw HTML becomes visible text (nothing from a model is ever parsed as HTML); link and image URLs are made safe. */
function sanitize(tree: Nodes): void {
  visit(tree, (node, index, parent: Parents | undefined) => {
    if (node.type === 'raw' && parent && typeof index === 'number') {
      parent.children[index] = { type: 'text', value: node.value };
      return index;
    }
    if (node.type === 'element') {
      const element = node as Element;
      for (const [key, tags] of Object.entries(urlAttributes)) {
        if (Object.hasOwn(element.properties, key) && (tags === null || tags.includes(element.tagName))) {
          element.properties[key] = defaultUrlTransform(String(element.properties[key] ?? ''));
        }
      }
    }
    return undefined;
  });
}

/**
 * A typeset formula: KaTeX's HTML as is (KaTeX escapes the source; its trust option is off), block-level in display
 * mode.
 */
function MathHtml({ node }: { node?: Element }): ReactElement {
  const display = node?.properties.mode === 'display';
  return jsx(display ? 'div' : 'span', {
    className: display ? 'md-math md-math-display' : 'md-math',
    dangerouslySetInnerHTML: { __html: String(node?.properties.html ?? '') },
  });
}

/** One render of an answer's block, and what it waits for: render it again once that settles. */
export interface RenderedMarkdown {
  element: ReactElement;
  /** a part fetched on first use (KaTeX, the highlighter) that this render went without; null when none */
  waits: Promise<void> | null;
}

export function renderMarkdown(text: string, components: Partial<Components>): RenderedMarkdown {
  const tree = processor.runSync(processor.parse(text)) as Root;
  sanitize(tree);
  labelTaskListCheckboxes(tree);
  const element = toJsxRuntime(tree, {
    Fragment,
    jsx,
    jsxs,
    components: { [MATH_TAG]: MathHtml, ...components } as Partial<Components>,
    ignoreInvalidStyle: true,
    passKeys: true,
    passNode: true,
  });
  return { element, waits: waitsOf(tree) };
}

/** KaTeX and the highlighter, fetched now rather than on first use (for tests that render synchronously). */
export async function loadMarkdownParts(): Promise<void> {
  await Promise.all([loadKatex(), loadHighlighter()]);
}

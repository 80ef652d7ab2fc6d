// One markdown → React pipeline, built once. react-markdown builds a new unified
// processor on every render, and attaching rehype-highlight registers its ~40
// grammars each time: for a streaming answer that is re-rendered many times a
// second, that setup cost more than the parsing. Same plugins, same output
// (raw HTML shown as text, URLs made safe as react-markdown does).
import type { Element, Nodes, Parents } from 'hast';
import { toJsxRuntime, type Components } from 'hast-util-to-jsx-runtime';
import { urlAttributes } from 'html-url-attributes';
import type { ReactElement } from 'react';
import { Fragment, jsx, jsxs } from 'react/jsx-runtime';
import { defaultUrlTransform } from 'react-markdown';
import rehypeHighlight from 'rehype-highlight';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { visit } from 'unist-util-visit';
import rehypeKatexCached, { MATH_TAG } from './rehype-katex-cached';
import { labelTaskListCheckboxes } from './task-list-labels';

const processor = unified()
  .use(remarkParse)
  .use(remarkGfm)
  .use(remarkMath)
  // Raw HTML is kept as `raw` nodes only so sanitize() can show it as text.
  .use(remarkRehype, { allowDangerousHtml: true })
  // KaTeX once per formula (a bad one becomes its error rendering; it never throws).
  .use(rehypeKatexCached)
  .use(rehypeHighlight, { detect: false })
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

export function renderMarkdown(text: string, components: Partial<Components>): ReactElement {
  const tree = processor.runSync(processor.parse(text)) as Nodes;
  sanitize(tree);
  labelTaskListCheckboxes(tree);
  return toJsxRuntime(tree, {
    Fragment,
    jsx,
    jsxs,
    components: { [MATH_TAG]: MathHtml, ...components } as Partial<Components>,
    ignoreInvalidStyle: true,
    passKeys: true,
    passNode: true,
  });
}

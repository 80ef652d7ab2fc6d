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
import rehypeKatex from 'rehype-katex';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { visit } from 'unist-util-visit';

const processor = unified()
  .use(remarkParse)
  .use(remarkGfm)
  .use(remarkMath)
  // Raw HTML is kept as `raw` nodes only so sanitize() can show it as text.
  .use(remarkRehype, { allowDangerousHtml: true })
  // rehype-katex renders a bad formula as an error span itself (it never throws).
  .use(rehypeKatex, { strict: 'ignore' })
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

export function renderMarkdown(text: string, components: Partial<Components>): ReactElement {
  const tree = processor.runSync(processor.parse(text)) as Nodes;
  sanitize(tree);
  return toJsxRuntime(tree, { Fragment, jsx, jsxs, components, ignoreInvalidStyle: true, passKeys: true, passNode: true });
}

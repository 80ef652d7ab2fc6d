import type { ReactNode } from 'react';
import type { ExtraProps } from 'react-markdown';
import { CopyButton } from './CopyButton';

// The syntax-tree types, as react-markdown hands them over (hast, without depending on it directly).
type Element = NonNullable<ExtraProps['node']>;
type ElementContent = Element['children'][number];

/** The code's text from the syntax tree, so Copy takes exactly what the model wrote, not the highlighted markup. */
function textOf(node: ElementContent | Element | undefined): string {
  if (!node) return '';
  if (node.type === 'text') return node.value;
  if (node.type === 'element') return node.children.map(textOf).join('');
  return '';
}

function languageOf(node: Element | undefined): string {
  const code = node?.children.find((child): child is Element => child.type === 'element' && child.tagName === 'code');
  const classes = code?.properties.className;
  const list = Array.isArray(classes) ? classes.map(String) : [];
  return list.find((name) => name.startsWith('language-'))?.slice('language-'.length) ?? '';
}

export function CodeBlock({ node, children }: { node: Element | undefined; children: ReactNode }) {
  const language = languageOf(node);
  return (
    <div className="code-block">
      <div className="code-head">
        <span className="code-lang">{language || 'text'}</span>
        <CopyButton getText={() => textOf(node).replace(/\n$/, '')} testId="code-copy" small />
      </div>
      <pre>{children}</pre>
    </div>
  );
}

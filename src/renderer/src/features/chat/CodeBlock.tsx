import { lazy, Suspense, useId, useState, type ReactNode } from 'react';
import type { ExtraProps } from 'react-markdown';
import { useT } from '../../i18n';
import { CopyButton } from './CopyButton';
import { previewKindOf } from './preview-kinds';

// Fetched with the first preview opened: most answers never show one.
const CodePreview = lazy(() => import('./CodePreview').then((module) => ({ default: module.CodePreview })));

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
  const t = useT();
  const language = languageOf(node);
  const previewKind = previewKindOf(language);
  const [previewing, setPreviewing] = useState(false);
  const previewId = useId();
  const source = (): string => textOf(node).replace(/\n$/, '');
  return (
    <div className="code-block">
      <div className="code-head">
        <span className="code-lang">{language || 'text'}</span>
        <span className="code-actions">
          {previewKind && (
            <button
              type="button"
              className="btn btn-ghost btn-tiny"
              aria-expanded={previewing}
              aria-controls={previewing ? previewId : undefined}
              data-testid="code-preview-toggle"
              onClick={() => setPreviewing(!previewing)}
            >
              {previewing ? t('chat.previewHide') : t('chat.preview')}
            </button>
          )}
          <CopyButton getText={source} testId="code-copy" small />
        </span>
      </div>
      <pre>{children}</pre>
      {previewKind && previewing && (
        <Suspense fallback={null}>
          <CodePreview id={previewId} kind={previewKind} source={source()} />
        </Suspense>
      )}
    </div>
  );
}

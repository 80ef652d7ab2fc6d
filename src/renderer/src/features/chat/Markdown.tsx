import { memo, useDeferredValue, useMemo } from 'react';
import type { Components } from 'react-markdown';
import 'katex/dist/katex.min.css';
import { CodeBlock } from './CodeBlock';
import { normalizeMathDelimiters, splitMarkdownBlocks } from './markdown-blocks';
import { renderMarkdown } from './markdown-processor';
import './markdown.css';

const COMPONENTS: Components = {
  // The shell blocks navigation inside the app window; links open outside it.
  a: ({ node: _node, href, children, ...rest }) => (
    <a {...rest} href={href} target="_blank" rel="noreferrer">
      {children}
    </a>
  ),
  pre: ({ node, children }) => <CodeBlock node={node}>{children}</CodeBlock>,
};

/** An answer as markdown, one memoised block per paragraph so a growing answer re-parses only its last block. */
export const Markdown = memo(function Markdown({ text }: { text: string }) {
  const blocks = useMemo(() => splitMarkdownBlocks(text), [text]);
  return (
    <>
      {blocks.map((block, index) => (
        // Blocks only ever grow at the end, so the index is a stable key.
        <MarkdownBlock key={index} text={block} />
      ))}
    </>
  );
});

/**
 * A block mounts as plain text and becomes markdown in a deferred render, which React
 * time-slices: scrolling onto a long answer, or opening a long chat, never blocks the
 * main thread for the whole answer at once. Updates of the growing block are deferred
 * the same way, so a burst of tokens cannot hold up input either.
 */
const MarkdownBlock = memo(function MarkdownBlock({ text }: { text: string }) {
  const shown = useDeferredValue<string | null>(text, null);
  return shown === null ? <div className="md-pending">{text}</div> : <MarkdownHtml text={shown} />;
});

// Memoised on the text, so the urgent render (still showing the old text) does not parse it again.
const MarkdownHtml = memo(function MarkdownHtml({ text }: { text: string }) {
  return renderMarkdown(normalizeMathDelimiters(text), COMPONENTS as never);
});

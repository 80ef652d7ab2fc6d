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
 * main thread for the whole answer at once. Once mounted, the growing block renders its
 * new text in the same commit: a deferred second render per update made every streamed
 * paint two frames of work for the browser, and the stream's paints are
 * already paced (stream-follower.ts).
 */
const MarkdownBlock = memo(function MarkdownBlock({ text }: { text: string }) {
  const mounted = useDeferredValue(true, false);
  return mounted ? <MarkdownHtml text={text} /> : <div className="md-pending">{text}</div>;
});

// Memoised on the text, so the urgent render (still showing the old text) does not parse it again.
const MarkdownHtml = memo(function MarkdownHtml({ text }: { text: string }) {
  return renderMarkdown(normalizeMathDelimiters(text), COMPONENTS as never);
});

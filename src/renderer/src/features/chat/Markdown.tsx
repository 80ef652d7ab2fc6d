import { memo, useDeferredValue, useMemo } from 'react';
import ReactMarkdown, { type Components } from 'react-markdown';
import rehypeHighlight from 'rehype-highlight';
import rehypeKatex from 'rehype-katex';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';
import 'katex/dist/katex.min.css';
import { CodeBlock } from './CodeBlock';
import { normalizeMathDelimiters, splitMarkdownBlocks } from './markdown-blocks';
import './markdown.css';

// Module constants: new arrays per render would make react-markdown rebuild its processor.
const REMARK = [remarkGfm, remarkMath];
const REHYPE = [[rehypeKatex, { throwOnError: false, strict: 'ignore' }], [rehypeHighlight, { detect: false }]] as const;

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
  return (
    <ReactMarkdown remarkPlugins={REMARK} rehypePlugins={REHYPE as never} components={COMPONENTS}>
      {normalizeMathDelimiters(text)}
    </ReactMarkdown>
  );
});

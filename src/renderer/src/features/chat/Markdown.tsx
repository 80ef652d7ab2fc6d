import { memo, useDeferredValue, useEffect, useMemo, useState } from 'react';
import type { Components } from 'react-markdown';
import { CodeBlock } from './CodeBlock';
import { normalizeMathDelimiters, splitMarkdownBlocks } from './markdown-blocks';
import { useMarkdownPipeline, type MarkdownPipeline } from './markdown-loader';
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
 * paint two frames of work for the browser, and the stream is painted once a batch
 * anyway (stream-follower.ts).
 */
const MarkdownBlock = memo(function MarkdownBlock({ text }: { text: string }) {
  const mounted = useDeferredValue(true, false);
  // Fetched on first use (markdown-loader.ts): plain text until it is here.
  const pipeline = useMarkdownPipeline();
  return mounted && pipeline ? (
    <MarkdownHtml text={text} pipeline={pipeline} />
  ) : (
    <div className="md-pending">{text}</div>
  );
});

/**
 * Memoised on the text, so the urgent render (still showing the old text) does not parse it again. A render that went
 * without KaTeX or the highlighter (fetched with the first formula or code block) is done again once they are here.
 */
const MarkdownHtml = memo(function MarkdownHtml({ text, pipeline }: { text: string; pipeline: MarkdownPipeline }) {
  const [arrivals, setArrivals] = useState(0);
  const rendered = useMemo(
    () => pipeline.renderMarkdown(normalizeMathDelimiters(text), COMPONENTS as never),
    // `arrivals`: render again once what the last render waited for is here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [text, pipeline, arrivals],
  );
  useEffect(() => {
    if (rendered.waits === null) return;
    let current = true;
    // A part that failed to arrive leaves the formula's source or the plain code in place.
    rendered.waits.then(
      () => current && setArrivals((count) => count + 1),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [rendered]);
  return rendered.element;
});

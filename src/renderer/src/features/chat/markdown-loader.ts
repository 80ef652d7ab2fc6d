// The markdown pipeline (unified, remark, rehype and their helpers) is fetched the first time an answer needs it, or
// when the page is idle after it opened; not with the page, which the user should be able to type into at once.
// Until it arrives an answer shows as plain text (Markdown.tsx's `md-pending`).
import { useEffect, useSyncExternalStore } from 'react';

/** The pipeline's module, as markdown-processor.ts exports it. */
export type MarkdownPipeline = typeof import('./markdown-processor');

let pipeline: MarkdownPipeline | null = null;
let loading: Promise<MarkdownPipeline> | null = null;
const listeners = new Set<() => void>();

/**
 * Fetches the pipeline once; every caller gets the same promise. A failed fetch (the page outlived the build it came
 * from) is not tried again: the answers stay plain text, all their words there, until the page is reloaded.
 */
export function loadMarkdownPipeline(): Promise<MarkdownPipeline> {
  loading ??= import('./markdown-processor').then((module) => {
    pipeline = module;
    for (const listener of listeners) listener();
    return module;
  });
  return loading;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The pipeline once it is here (null until then); asks for it on first use. */
export function useMarkdownPipeline(): MarkdownPipeline | null {
  const current = useSyncExternalStore(
    subscribe,
    () => pipeline,
    () => pipeline,
  );
  useEffect(() => {
    if (current === null) loadMarkdownPipeline().catch(() => undefined); // the answer stays plain text (see above)
  }, [current]);
  return current;
}

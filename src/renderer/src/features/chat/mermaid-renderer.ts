// mermaid's browser bundle as text, fetched with the first diagram preview and kept for the next ones (it is about
// 5.5 MB: never in the page's first chunk). It runs only inside the preview's sandboxed frame, never in the page:
// mermaid lays a diagram out in a real DOM, and a flaw in its sanitising there would be a flaw in the app's own
// page, while in the frame it meets an opaque origin with no network. Drawing in the page and showing only the SVG
// would send less into the frame, but would run mermaid where the app's token and DOM are.
import { useEffect, useState } from 'react';
import { errorText } from '@shared/errors';

let loading: Promise<string> | undefined;

/** The bundle's text, loaded once; a failed load is tried again on the next call. */
export function loadMermaidRenderer(): Promise<string> {
  loading ??= import('mermaid/dist/mermaid.min.js?raw').then(
    (module) => module.default,
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

export type RendererState =
  { kind: 'idle' | 'loading' } | { kind: 'ready'; text: string } | { kind: 'failed'; reason: string };

/** The renderer for a diagram preview; `idle` when `wanted` is false (a page or a picture needs none). */
export function useMermaidRenderer(wanted: boolean): RendererState {
  const [state, setState] = useState<RendererState>({ kind: wanted ? 'loading' : 'idle' });
  useEffect(() => {
    if (!wanted) return;
    let current = true;
    loadMermaidRenderer().then(
      (text) => current && setState({ kind: 'ready', text }),
      (error: unknown) => current && setState({ kind: 'failed', reason: errorText(error) }),
    );
    return () => {
      current = false;
    };
  }, [wanted]);
  return state;
}

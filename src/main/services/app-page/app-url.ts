// Which URLs are the app's own page. Dev mode serves it from a dev server:
// compare the origin exactly — a prefix check let `http://localhost:5173.evil.example`
// or `http://localhost:51730` pass for `http://localhost:5173`. Built, the
// page is one file: that file, with or without a #fragment, and nothing else.
import { pathToFileURL } from 'node:url';

export function appUrlMatcher(rendererUrl: string | null, rendererFile: string): (url: string) => boolean {
  if (rendererUrl) {
    const origin = new URL(rendererUrl).origin;
    return (url) => originOf(url) === origin;
  }
  const file = pathToFileURL(rendererFile).href;
  return (url) => url === file || url.startsWith(`${file}#`);
}

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

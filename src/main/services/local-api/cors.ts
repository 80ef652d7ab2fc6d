// Cross-origin requests from browsers: off unless the user lists origins, and
// then answered only for those (an exact match of scheme, host and port).

const ALLOWED_HEADERS = 'Authorization, Content-Type, X-Api-Key, OpenAI-Organization, OpenAI-Project';

/** The CORS headers for a request from `origin`, or null when none are given (CORS off, or an origin not listed). */
export function corsHeaders(origin: string | undefined, allowed: readonly string[]): Record<string, string> | null {
  if (!origin || allowed.length === 0) return null;
  const normalized = origin.replace(/\/+$/, '').toLowerCase();
  const match = allowed.some((entry) => entry === '*' || entry.replace(/\/+$/, '').toLowerCase() === normalized);
  if (!match) return null;
  return {
    'Access-Control-Allow-Origin': origin,
    'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
    'Access-Control-Allow-Headers': ALLOWED_HEADERS,
    'Access-Control-Max-Age': '600',
    Vary: 'Origin',
  };
}
